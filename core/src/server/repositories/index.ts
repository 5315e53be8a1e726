export * from './newsletter.repository';
export * from './contact-messages.repository';
export * from './api-keys.repository';
