import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Plan } from '@gl/core';
import { Errors } from '@gl/core/server';
import type { RevocationVerdict, SessionRevocations } from './session-revocations';

const ISSUER = 'genius-lines';
const AUDIENCE = 'genius-lines-api';

export interface AccessClaims {
  userId: string;
  /** The session (refresh-token family) the token belongs to; absent on tokens issued before sessions existed. */
  sessionId?: string;
  /** The account's stored language (read with the revocation check); absent without one. */
  language?: string;
  /** The user's current plan, read with the revocation check (absent without one). */
  plan?: Plan;
}

/** Short-lived HS256 access tokens; only HS256 is accepted on the way in (no `alg: none`, no key confusion). */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
    readonly revocations?: SessionRevocations,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** `sessionId` binds the token to a session (always, for users; tools such as benchmarks may omit it). */
  async signAccess(userId: string, sessionId?: string): Promise<string> {
    // `ims`: the issue time in milliseconds (iat is whole seconds), for revocation at a password change;
    // `sid`: the session, so ending that device refuses its access tokens at once.
    return new SignJWT({ ims: Date.now(), ...(sessionId ? { sid: sessionId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  async verifyAccess(token: string): Promise<AccessClaims> {
    const { userId, sessionId, issuedAt } = await this.verifySignature(token);
    // Issued before the user's last password change, or its session was ended: no longer valid.
    const { verdict, plan, language } = this.revocations
      ? await this.revocations.inspect(userId, sessionId, issuedAt)
      : { verdict: 'valid' as const, plan: undefined, language: undefined };
    throwUnlessValid(verdict);
    return { userId, sessionId, ...(plan ? { plan } : {}), ...(language ? { language } : {}) };
  }

  /**
   * The token's own checks (signature, issuer, audience, expiry), without the revocation check in
   * PostgreSQL: who it names, its session and when it was issued (milliseconds). Only for a caller
   * that makes the revocation check itself before it acts (accounts/pending-session-check.ts).
   */
  async verifySignature(token: string): Promise<{ userId: string; sessionId?: string; issuedAt: number }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      if (!payload.sub || payload.iat === undefined) throw Errors.unauthenticated('Invalid token');
      return {
        userId: payload.sub,
        issuedAt: typeof payload.ims === 'number' ? payload.ims : payload.iat * 1000,
        sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
      };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw Errors.unauthenticated('Session expired. Please sign in again.');
      throw Errors.unauthenticated('Invalid or expired token');
    }
  }
}

/** The 401 of a token that no longer stands (its account is gone, or it was revoked). */
export function throwUnlessValid(verdict: RevocationVerdict): void {
  if (verdict === 'account-gone') throw Errors.unauthenticated('Your account no longer exists. Please sign in again.');
  if (verdict === 'revoked') throw Errors.unauthenticated('Session expired. Please sign in again.');
}

/** Opaque refresh tokens: 256 random bits; only their sha256 is stored. */
export function newOpaqueToken(prefix = ''): { token: string; hash: string } {
  const token = prefix + randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of a presented secret with the expected one; false when either is missing. */
export function secretMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
