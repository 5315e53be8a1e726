import type { ServerContext } from '../platform/context';
import { pingRedis } from '../platform/redis';

/** Resolves to `fallback` when `p` rejects or takes longer than `ms`. */
export function withTimeout<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([p.catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms).unref())]);
}

/**
 * Do PostgreSQL and Redis answer? A dependency that does not answer within its timeout (database
 * 2 s, Redis 1 s) counts as down, so a health check never hangs on a half-open connection.
 */
export async function checkDependencies(ctx: Pick<ServerContext, 'database' | 'redis'>): Promise<{ database: boolean; redis: boolean }> {
  const [database, redis] = await Promise.all([withTimeout(ctx.database.ping(), 2000, false), pingRedis(ctx.redis, 1000)]);
  return { database, redis };
}
