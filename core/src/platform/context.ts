import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, Db } from './db/database';
import type { Logger } from './logger';
import { JobQueue } from './queues/job-queue';
import { Realtime } from './realtime';
import { closeRedis, createRedis, describeRedisTarget, redisTargetFrom, waitForRedis, type RedisTarget } from './redis';

/** What every api route and worker processor is handed: config, logger, database, queues, realtime. */
export interface ServerContext {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  redisUrl: string;
  /** Where Redis is (REDIS_URL, or the sentinels' master): every client is made from it by `createRedis`. */
  redisTarget: RedisTarget;
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
  /** Defaults to the configuration's target over `redisUrl`. */
  redisTarget?: RedisTarget;
  jwtSecret: string;
}): Promise<ServerContext & { close(): Promise<void> }> {
  const redisTarget = opts.redisTarget ?? redisTargetFrom(opts.config, opts.redisUrl);
  const redis = createRedis(redisTarget, 'producer');
  await waitForRedis(redis, 5000).catch((err: Error) => {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis at ${describeRedisTarget(redisTarget)}: ${err.message}`);
  });
  const jobs = new JobQueue(redis, opts.config.REDIS_PREFIX, opts.logger);
  const realtime = new Realtime(redis, opts.config.REDIS_PREFIX, opts.logger);
  return {
    ...opts,
    redisTarget,
    db: opts.database.db,
    redis,
    jobs,
    realtime,
    /** After the roles have closed: their last events (a worker's last completions) are sent before the connection ends. */
    async close() {
      await jobs.close();
      await closeRedis(redis);
    },
  };
}
