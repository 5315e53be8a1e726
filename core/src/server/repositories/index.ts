export * from './newsletter.repository';
export * from './contact-messages.repository';
