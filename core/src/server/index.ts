/** Server-only entry: config, logging, errors, database, queues, realtime. Never import from the client. */
export * from './config';
export * from './errors';
export * from './logger';
export * from './db/database';
export * as schema from './db/schema';
export * from './redis';
export * from './health';
export * from './jobs';
export * from './queues/queue.factory';
export * from './queues/job-queue';
export * from './realtime';
export * from './context';
export * from './repositories';
export * from './metrics';
export * from './payments';
export * from './billing';
export * from './csp';
export * from './photos';
