import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { Errors } from '@gl/core/server';

/**
 * A fixed-window limiter kept in Redis (shared by every api process), with an in-memory
 * insurance limiter so a Redis outage degrades to per-process limits rather than none.
 */
export class Limiter {
  private readonly limiter: RateLimiterRedis;

  constructor(
    redis: Redis,
    keyPrefix: string,
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

  /** Consumes one point for `key`; over the limit throws 429 RATE_LIMITED with Retry-After. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) {
        const retryAfter = Math.ceil(res.msBeforeNext / 1000);
        throw Errors.rateLimited(retryAfter, this.message(retryAfter));
      }
      throw res;
    }
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
