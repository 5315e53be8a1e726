import {
  Errors,
  isUniqueViolation,
  refreshTokensRepository,
  sessionsRepository,
  usersRepository,
  type DeviceInfo,
  type UserRow,
} from '@gl/core/server';
import { canonicalTimeZone, defaultTimeZone, resolveLanguage, type AuthResult, type LoginBody, type RegisterBody } from '@gl/core';
import type { ApiContext } from '../api-context';
import { newOpaqueToken, sha256 } from './token.service';
import { sendVerificationEmail } from './account-emails.service';
import { hashPassword, verifyPassword, getDummyHash } from './passwords';
import { toPublicUser } from './public-user';
import { refreshExpiry, startSession } from './session-issuer';

const INVALID_LOGIN = 'Invalid email or password';
const SESSION_ENDED = 'Session expired. Please sign in again.';
export class AuthService {
  constructor(private readonly ctx: ApiContext) {}

  async register(input: RegisterBody, device: DeviceInfo, linkBase: string): Promise<AuthResult> {
    const existing = await usersRepository.findByEmail(this.ctx.db, input.email);
    if (existing) throw Errors.conflict('An account with this email already exists');
    const passwordHash = await hashPassword(input.password);
    let user: UserRow;
    try {
      const language = resolveLanguage(input.language);
      const browserZone = (input.timeZone && canonicalTimeZone(input.timeZone)) || null;
      const timeZone = browserZone ?? defaultTimeZone({ language });
      user = await usersRepository.create(this.ctx.db, {
        email: input.email,
        name: input.name,
        passwordHash,
        language,
        timeZone,
        // A guessed zone gives way to Kenya's once the account pays from a Kenyan number.
        timeZoneChosen: browserZone !== null,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw Errors.conflict('An account with this email already exists');
      throw err;
    }
    await sendVerificationEmail(this.ctx, user, linkBase);
    return this.startSession(user, device);
  }

  async login(input: LoginBody, device: DeviceInfo): Promise<AuthResult> {
    const user = await usersRepository.findByEmail(this.ctx.db, input.email);
    if (!user) {
      await verifyPassword(await getDummyHash(), input.password);
      throw Errors.unauthenticated(INVALID_LOGIN);
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) throw Errors.unauthenticated(INVALID_LOGIN);
    return this.startSession(user, device);
  }

  /** Rotates a refresh token. Presenting one that was already rotated revokes its whole family. */
  async refresh(refreshToken: string, device: DeviceInfo = {}): Promise<{ token: string; refreshToken: string }> {
    const row = await refreshTokensRepository.findByHash(this.ctx.db, sha256(refreshToken));
    if (!row) throw Errors.unauthenticated(SESSION_ENDED);
    // Revoked: its session already ended (sign-out, password change, an earlier reuse).
    if (row.revokedAt) throw Errors.unauthenticated(SESSION_ENDED);
    if (row.usedAt) {
      await this.endReusedSession(row.userId, row.familyId);
      throw Errors.unauthenticated(SESSION_ENDED);
    }
    if (row.expiresAt.getTime() <= Date.now()) throw Errors.unauthenticated(SESSION_ENDED);
    const next = newOpaqueToken();
    const rotated = await this.ctx.db.transaction(async (tx) => {
      // The user row lock orders this rotation with a password change / reset / sign-out everywhere:
      // whichever commits second sees the other (a revoked session, or a family older than "valid from").
      const user = await sessionsRepository.lockUser(tx, row.userId);
      const session = await sessionsRepository.findById(tx, row.familyId);
      if (!user || !session || session.revokedAt) return 'ended' as const;
      if (user.validFrom && session.createdAt.getTime() < user.validFrom.getTime()) return 'ended' as const;
      if (!(await refreshTokensRepository.markUsed(tx, row.id))) return false;
      await sessionsRepository.touch(tx, row.familyId, device);
      await refreshTokensRepository.insert(tx, {
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: next.hash,
        expiresAt: refreshExpiry(this.ctx),
      });
      return true;
    });
    if (rotated === 'ended') throw Errors.unauthenticated(SESSION_ENDED);
    if (!rotated) {
      // Lost a race with another use of the same token: that is reuse too.
      await this.endReusedSession(row.userId, row.familyId);
      throw Errors.unauthenticated(SESSION_ENDED);
    }
    return { token: await this.ctx.tokens.signAccess(row.userId, row.familyId), refreshToken: next.token };
  }

  /**
   * A refresh token presented again after it was rotated (or revoked): someone holds a copy. The whole
   * session ends at once, not only its refresh family: its access tokens are refused from now on
   * (the session row is revoked, which every access token is checked against) and its open sockets
   * close, so neither the thief nor the owner keeps a foothold; the owner signs in again.
   */
  private async endReusedSession(userId: string, sessionId: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await refreshTokensRepository.revokeFamily(tx, sessionId);
      await sessionsRepository.revoke(tx, userId, sessionId);
    });
    this.ctx.realtime.disconnect({ sessionId });
    this.ctx.logger.warn({ userId, sessionId }, 'refresh token reuse: session ended');
  }

  /** Ends the session the refresh token belongs to: its tokens stop working and its sockets close. */
  async logout(refreshToken: string): Promise<void> {
    const row = await refreshTokensRepository.findByHash(this.ctx.db, sha256(refreshToken));
    if (!row) return;
    await this.ctx.db.transaction(async (tx) => {
      await refreshTokensRepository.revokeFamily(tx, row.familyId);
      await sessionsRepository.revoke(tx, row.userId, row.familyId);
    });
    this.ctx.realtime.disconnect({ sessionId: row.familyId });
  }

  private async startSession(user: UserRow, device: DeviceInfo): Promise<AuthResult> {
    const { token, refreshToken } = await startSession(this.ctx, this.ctx.db, user.id, device);
    return { user: await toPublicUser(this.ctx, user), token, refreshToken };
  }
}
