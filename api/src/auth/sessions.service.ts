import type { SessionDto } from '@gl/core';
import { CREDENTIAL_LINK_KINDS, Errors, accountTokensRepository, sessionsRepository, type DeviceInfo } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { startSession } from './session-issuer';
import { endAccountCredentials } from './trust-reset';

/** The signed-in devices of a user: list them, end one, end all but this one. */
export class SessionsService {
  constructor(private readonly ctx: ApiContext) {}

  async list(userId: string, currentSessionId: string | undefined): Promise<SessionDto[]> {
    const rows = await sessionsRepository.listLive(this.ctx.db, userId);
    return rows.map((s) => ({
      id: s.id,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      current: s.id === currentSessionId,
    }));
  }

  /** Ends one device of the caller: its refresh and access tokens stop working, its sockets close. Another user's: 404. */
  async revoke(userId: string, sessionId: string): Promise<{ revoked: true }> {
    const done = await this.ctx.db.transaction((tx) => sessionsRepository.revoke(tx, userId, sessionId));
    if (!done) throw Errors.notFound('Session not found');
    this.ctx.realtime.disconnect({ sessionId });
    return { revoked: true };
  }

  /**
   * "Sign out everywhere": every session of the user ends (tokens issued before now are refused,
   * sockets close), pending reset and change-of-e-mail links are voided (in the same transaction),
   * the account's API keys are revoked and its webhook endpoints disabled (DESIGN §22), and the
   * caller gets a fresh pair, so only this browser stays signed in.
   */
  async logoutAll(
    userId: string,
    currentSessionId: string | undefined,
    device: DeviceInfo,
  ): Promise<{ revoked: number; token: string; refreshToken: string }> {
    const { ended, session } = await this.ctx.db.transaction(async (tx) => {
      await sessionsRepository.lockUser(tx, userId);
      const ended = await sessionsRepository.revokeAllForUser(tx, userId);
      await accountTokensRepository.voidPending(tx, userId, CREDENTIAL_LINK_KINDS);
      await endAccountCredentials(tx, userId);
      return { ended, session: await startSession(this.ctx, tx, userId, device) };
    });
    this.ctx.realtime.disconnect({ userId });
    const others = currentSessionId ? Math.max(0, ended - 1) : ended;
    return { revoked: others, token: session.token, refreshToken: session.refreshToken };
  }
}
