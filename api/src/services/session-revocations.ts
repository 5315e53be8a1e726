import type { Redis } from 'ioredis';
import type { Logger } from '@gl/core/server';

/**
 * Access tokens are stateless and live ACCESS_TOKEN_TTL_SECONDS. When a user changes their password,
 * every access token issued before that moment stops working at once: the time is kept in Redis for
 * as long as such a token could still be valid. If Redis cannot answer, the check is skipped (the
 * tokens still expire by themselves, and refresh tokens are revoked in PostgreSQL regardless).
 */
export class SessionRevocations {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly accessTtlSeconds: number,
    private readonly logger: Logger,
  ) {}

  private key(userId: string): string {
    return `${this.prefix}-sessions-valid-from-${userId}`;
  }

  /** Tokens of `userId` issued before `atMs` (Unix milliseconds) are refused from now on. */
  async revokeIssuedBefore(userId: string, atMs: number): Promise<void> {
    try {
      await this.redis.set(this.key(userId), String(atMs), 'EX', this.accessTtlSeconds + 60);
    } catch (err) {
      this.logger.warn({ userId, err: (err as Error).message }, 'could not record a session revocation');
    }
  }

  /** Whether a token of `userId` issued at `issuedAtMs` (Unix milliseconds) has been revoked. */
  async isRevoked(userId: string, issuedAtMs: number): Promise<boolean> {
    try {
      const validFrom = await this.redis.get(this.key(userId));
      return validFrom !== null && issuedAtMs < Number(validFrom);
    } catch {
      return false;
    }
  }
}
