import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { Errors, type AppError } from '@gl/core/server';

/**
 * A fixed-window limiter kept in Redis (shared by every api process), with an in-memory
 * insurance limiter so a Redis outage degrades to per-process limits rather than none.
 */
export class Limiter {
  private readonly limiter: RateLimiterRedis;

  constructor(
    readonly redis: Redis,
    readonly keyPrefix: string,
    readonly points: number,
    readonly durationSeconds: number,
    private readonly message: (retryAfterSeconds: number) => string,
  ) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points,
      duration: durationSeconds,
      insuranceLimiter: new RateLimiterMemory({ points, duration: durationSeconds }),
    });
  }

  /** Consumes `points` (one by default) for `key`; over the limit throws 429 RATE_LIMITED with Retry-After. */
  async consume(key: string, points = 1): Promise<void> {
    try {
      await this.limiter.consume(key, points);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw this.limited(res.msBeforeNext);
      throw res;
    }
  }

  /** Whether `key` has no point left in its window (nothing consumed; false when Redis cannot say). */
  async exhausted(key: string): Promise<boolean> {
    const res = await this.limiter.get(key).catch(() => null);
    return res !== null && res.consumedPoints >= this.points;
  }

  limited(msBeforeNext: number): AppError {
    const retryAfter = Math.ceil(msBeforeNext / 1000);
    return Errors.rateLimited(retryAfter, this.message(retryAfter));
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key).catch(() => undefined);
  }

  /**
   * The api's limiters: `points` per `seconds` for each key, counted in Redis under
   * `<REDIS_PREFIX>-rl-<name>` (two limiters with one name share their counts). Over the limit the
   * answer is 429 "Too many <what>. Please try again in N minutes." unless `message` says otherwise.
   */
  static for(
    ctx: { redis: Redis; config: { REDIS_PREFIX: string } },
    name: string,
    opts: { points: number; seconds: number; what: string; message?: (retryAfterSeconds: number) => string },
  ): Limiter {
    const message = opts.message ?? ((s: number) => `Too many ${opts.what}. Please try again in ${minutesText(s)}.`);
    return new Limiter(ctx.redis, `${ctx.config.REDIS_PREFIX}-rl-${name}`, opts.points, opts.seconds, message);
  }
}

export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The same fixed windows as each limiter's own `consume` (same keys, same counting: a window starts
 * with the first point and lasts `durationSeconds`), for several limiters in one Redis round trip,
 * all or none: one script first checks that each (limiter, key) has `cost` points left and, only
 * when every one has, consumes them; otherwise it consumes nothing and names the first that is
 * short, so a request that costs many points (a campaign: one per line) and is refused leaves the
 * points that are left to the next request. If Redis cannot answer, each is consumed on its own,
 * which falls back to the in-memory insurance limiters.
 */
const CONSUME_IN_ORDER = `for i = 1, #KEYS do
  local limit = tonumber(ARGV[3 * i - 2])
  local duration = tonumber(ARGV[3 * i - 1])
  local cost = tonumber(ARGV[3 * i])
  local consumed = tonumber(redis.call('get', KEYS[i]) or '0')
  if consumed + cost > limit then
    local ttl = redis.call('pttl', KEYS[i])
    if ttl < 0 then ttl = 1000 * duration end
    return {i, ttl}
  end
end
for i = 1, #KEYS do
  local duration = tonumber(ARGV[3 * i - 1])
  redis.call('set', KEYS[i], 0, 'EX', duration, 'NX')
  redis.call('incrby', KEYS[i], tonumber(ARGV[3 * i]))
  if redis.call('pttl', KEYS[i]) == -1 then redis.call('expire', KEYS[i], duration) end
end
return {0, 0}`;

type WithConsumeInOrder = Redis & {
  glConsumeInOrder(numKeys: number, ...keysAndArgs: Array<string | number>): Promise<[number, number]>;
};

export async function consumeInOrder(entries: ReadonlyArray<{ limiter: Limiter; key: string; cost?: number }>): Promise<void> {
  if (entries.length === 0) return;
  const redis = entries[0]!.limiter.redis as WithConsumeInOrder;
  if (typeof redis.glConsumeInOrder !== 'function') redis.defineCommand('glConsumeInOrder', { lua: CONSUME_IN_ORDER });
  let verdict: [number, number];
  try {
    verdict = await redis.glConsumeInOrder(
      entries.length,
      ...entries.map((e) => `${e.limiter.keyPrefix}:${e.key}`),
      ...entries.flatMap((e) => [e.limiter.points, e.limiter.durationSeconds, e.cost ?? 1]),
    );
  } catch {
    for (const e of entries) await e.limiter.consume(e.key, e.cost ?? 1);
    return;
  }
  const [over, ttl] = verdict;
  if (over > 0) throw entries[over - 1]!.limiter.limited(Number(ttl));
}
