export * from './saved-lines.repository';
export * from './newsletter.repository';
export * from './contact-messages.repository';
export * from './analytics.repository';
export * from './api-keys.repository';
export * from './campaigns.repository';
export * from './webhooks.repository';
