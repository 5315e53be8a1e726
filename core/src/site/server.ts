/** Site's server parts: newsletter and contact messages (repositories), dependency health. */
export * from './newsletter.repository';
export * from './contact-messages.repository';
export * from './health';
