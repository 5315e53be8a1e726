import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { Errors, currentPlanFor, refreshTokensRepository, usersRepository, type DbOrTx, type UserRow } from '@gl/core/server';
import type { AuthResult, LoginBody, PublicUser, RegisterBody } from '@gl/core';
import type { ApiContext } from '../api-context';
import { newOpaqueToken, sha256 } from './token.service';

const INVALID_LOGIN = 'Invalid email or password';
const SESSION_ENDED = 'Session expired. Please sign in again.';
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

let dummyHash: Promise<string> | undefined;
/** Verifying against a dummy hash for unknown e-mails keeps login timing the same either way. */
function getDummyHash(): Promise<string> {
  dummyHash ??= argon2.hash('not-a-real-password', HASH_OPTIONS);
  return dummyHash;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export async function toPublicUser(ctx: ApiContext, user: UserRow): Promise<PublicUser> {
  const plan = await currentPlanFor(ctx.db, user.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    planId: plan.id,
    isAdmin: user.isAdmin,
  };
}

export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Starts a new refresh-token family for a user (a new session); returns the opaque token. */
export async function issueRefreshToken(ctx: ApiContext, db: DbOrTx, userId: string): Promise<string> {
  const refresh = newOpaqueToken();
  await refreshTokensRepository.insert(db, {
    userId,
    familyId: randomUUID(),
    tokenHash: refresh.hash,
    expiresAt: refreshExpiry(ctx),
  });
  return refresh.token;
}

function refreshExpiry(ctx: ApiContext): Date {
  return new Date(Date.now() + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
}

export class AuthService {
  constructor(private readonly ctx: ApiContext) {}

  async register(input: RegisterBody): Promise<AuthResult> {
    const existing = await usersRepository.findByEmail(this.ctx.db, input.email);
    if (existing) throw Errors.conflict('An account with this email already exists');
    const passwordHash = await hashPassword(input.password);
    let user: UserRow;
    try {
      user = await usersRepository.create(this.ctx.db, { email: input.email, name: input.name, passwordHash });
    } catch (err) {
      if (isUniqueViolation(err)) throw Errors.conflict('An account with this email already exists');
      throw err;
    }
    return this.startSession(user);
  }

  async login(input: LoginBody): Promise<AuthResult> {
    const user = await usersRepository.findByEmail(this.ctx.db, input.email);
    if (!user) {
      await verifyPassword(await getDummyHash(), input.password);
      throw Errors.unauthenticated(INVALID_LOGIN);
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) throw Errors.unauthenticated(INVALID_LOGIN);
    return this.startSession(user);
  }

  /** Rotates a refresh token. Presenting one that was already rotated revokes its whole family. */
  async refresh(refreshToken: string): Promise<{ token: string; refreshToken: string }> {
    const row = await refreshTokensRepository.findByHash(this.ctx.db, sha256(refreshToken));
    if (!row) throw Errors.unauthenticated(SESSION_ENDED);
    if (row.usedAt || row.revokedAt) {
      await refreshTokensRepository.revokeFamily(this.ctx.db, row.familyId);
      this.ctx.logger.warn({ userId: row.userId, familyId: row.familyId }, 'refresh token reuse: family revoked');
      throw Errors.unauthenticated(SESSION_ENDED);
    }
    if (row.expiresAt.getTime() <= Date.now()) throw Errors.unauthenticated(SESSION_ENDED);
    const next = newOpaqueToken();
    const rotated = await this.ctx.db.transaction(async (tx) => {
      if (!(await refreshTokensRepository.markUsed(tx, row.id))) return false;
      await refreshTokensRepository.insert(tx, {
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: next.hash,
        expiresAt: refreshExpiry(this.ctx),
      });
      return true;
    });
    if (!rotated) {
      // Lost a race with another use of the same token: that is reuse too.
      await refreshTokensRepository.revokeFamily(this.ctx.db, row.familyId);
      throw Errors.unauthenticated(SESSION_ENDED);
    }
    return { token: await this.ctx.tokens.signAccess(row.userId), refreshToken: next.token };
  }

  async logout(refreshToken: string): Promise<void> {
    const row = await refreshTokensRepository.findByHash(this.ctx.db, sha256(refreshToken));
    if (row) await refreshTokensRepository.revokeFamily(this.ctx.db, row.familyId);
  }

  private async startSession(user: UserRow): Promise<AuthResult> {
    const refreshToken = await issueRefreshToken(this.ctx, this.ctx.db, user.id);
    return {
      user: await toPublicUser(this.ctx, user),
      token: await this.ctx.tokens.signAccess(user.id),
      refreshToken,
    };
  }
}
