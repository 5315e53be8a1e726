/** Server-only entry: config, logging, errors, database, queues, realtime. Never import from the client. */
export * from './platform/server';
export * as schema from './schema';
export * from './accounts/server';
export * from './billing/server';
export * from './teams/server';
export * from './brands/server';
export * from './lines/server';
export * from './library/server';
export * from './campaigns/server';
export * from './webhooks/server';
export * from './photo/server';
export * from './api-keys/server';
export * from './site/server';
export * from './approvals/server';
