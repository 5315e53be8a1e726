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
}

export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
