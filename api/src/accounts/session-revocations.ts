import type { Plan } from '@gl/core';
import { sessionsRepository, type Db } from '@gl/core/server';

export type RevocationVerdict = 'valid' | 'revoked' | 'account-gone';

/**
 * Whether an access token (or the admin cookie) still stands, decided in PostgreSQL on every use, so a
 * Redis outage cannot let a revoked token through: the user must exist, the token must be issued
 * after the user's `sessions_valid_from` (moved by a password change or reset and by "sign out
 * everywhere"), and the session it belongs to must not be revoked (a device signed out from the
 * sessions list). One primary-key read of the user and, for session-bound tokens, one of the session.
 */
export class SessionRevocations {
  constructor(private readonly db: Db) {}

  async check(userId: string, sessionId: string | undefined, issuedAtMs: number): Promise<RevocationVerdict> {
    return (await this.inspect(userId, sessionId, issuedAtMs)).verdict;
  }

  /**
   * The verdict and, from the same read, the account's language (its server messages follow it) and,
   * for a valid token, the user's current plan.
   */
  async inspect(
    userId: string,
    sessionId: string | undefined,
    issuedAtMs: number,
  ): Promise<{ verdict: RevocationVerdict; plan?: Plan; language?: string }> {
    const state = await sessionsRepository.authState(this.db, userId, sessionId);
    if (!state) return { verdict: 'account-gone' };
    const language = state.language;
    if (state.validFrom && issuedAtMs < state.validFrom.getTime()) return { verdict: 'revoked', language };
    return state.sessionLive ? { verdict: 'valid', plan: state.plan, language } : { verdict: 'revoked', language };
  }
}
