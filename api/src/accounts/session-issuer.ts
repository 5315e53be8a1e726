import { randomUUID } from 'node:crypto';
import { refreshTokensRepository, sessionsRepository, type DbOrTx, type DeviceInfo } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { newOpaqueToken } from './token.service';

/** Starts a new session (a refresh-token family) for a user; returns its id and the opaque refresh token. */
export async function issueRefreshToken(
  ctx: ApiContext,
  db: DbOrTx,
  userId: string,
  device: DeviceInfo = {},
): Promise<{ sessionId: string; refreshToken: string }> {
  const refresh = newOpaqueToken();
  const sessionId = randomUUID();
  await sessionsRepository.create(db, { id: sessionId, userId, ...device });
  await refreshTokensRepository.insert(db, {
    userId,
    familyId: sessionId,
    tokenHash: refresh.hash,
    expiresAt: refreshExpiry(ctx),
  });
  return { sessionId, refreshToken: refresh.token };
}

/** A new session for the user and its first access token. */
export async function startSession(
  ctx: ApiContext,
  db: DbOrTx,
  userId: string,
  device: DeviceInfo,
): Promise<{ sessionId: string; token: string; refreshToken: string }> {
  const { sessionId, refreshToken } = await issueRefreshToken(ctx, db, userId, device);
  return { sessionId, refreshToken, token: await ctx.tokens.signAccess(userId, sessionId) };
}

/** When a refresh token issued now expires. */
export function refreshExpiry(ctx: ApiContext): Date {
  return new Date(Date.now() + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
}
