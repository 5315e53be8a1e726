import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, Db } from './db/database';
import type { Logger } from './logger';
import { JobQueue } from './queues/job-queue';
import { Realtime } from './realtime';
import { createRedis, waitForRedis } from './redis';

/** What every api route and worker processor is handed: config, logger, database, queues, realtime. */
export interface ServerContext {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  redisUrl: string;
  /** Producer connection: no offline queue, fails fast when Redis is down. */
  redis: Redis;
  jobs: JobQueue;
  realtime: Realtime;
  /** Secret used to sign access tokens (from config, or generated for development). */
  jwtSecret: string;
}

export async function createServerContext(opts: {
  config: Config;
  logger: Logger;
  database: Database;
  redisUrl: string;
  jwtSecret: string;
}): Promise<ServerContext & { close(): Promise<void> }> {
  const redis = createRedis(opts.redisUrl, 'producer');
  await waitForRedis(redis, 5000).catch((err: Error) => {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis at ${new URL(opts.redisUrl).host}: ${err.message}`);
  });
  const jobs = new JobQueue(redis, opts.config.REDIS_PREFIX, opts.logger);
  const realtime = new Realtime(redis, opts.config.REDIS_PREFIX, opts.logger);
  return {
    ...opts,
    db: opts.database.db,
    redis,
    jobs,
    realtime,
    async close() {
      await jobs.close();
      redis.disconnect();
    },
  };
}
