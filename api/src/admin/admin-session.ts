import { SignJWT, jwtVerify } from 'jose';
import { Errors, usersRepository } from '@gl/core/server';
import type { Request } from 'express';
import type { ApiContext } from '../api-context';

export const ADMIN_COOKIE = 'gl_admin';
const AUDIENCE = 'genius-lines-admin';
const TTL_SECONDS = 3600;

/**
 * The queue dashboard is a server-rendered page, so it can't send a bearer header: an admin
 * exchanges their access token for a short-lived, HttpOnly, SameSite=Strict cookie scoped to /admin.
 */
export async function issueAdminCookie(ctx: ApiContext, userId: string, sessionId?: string): Promise<{ value: string; maxAgeMs: number }> {
  const user = await usersRepository.findById(ctx.db, userId);
  if (!user?.isAdmin) throw Errors.forbidden('Only administrators can open the queue dashboard');
  // Bound to the session that bought it, with its issue time: revocations apply to the cookie too.
  const value = await new SignJWT({ ims: Date.now(), ...(sessionId ? { sid: sessionId } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TTL_SECONDS}s`)
    .sign(new TextEncoder().encode(ctx.jwtSecret));
  return { value, maxAgeMs: TTL_SECONDS * 1000 };
}

/**
 * Verifies the cookie, that it was not revoked since (password change or reset, sign out everywhere,
 * its session ended: checked in PostgreSQL like access tokens) and that the user is still an administrator.
 */
export async function verifyAdminCookie(ctx: ApiContext, value: string | undefined): Promise<string> {
  if (!value) throw Errors.unauthenticated('Sign in as an administrator first');
  let userId: string | undefined;
  let sessionId: string | undefined;
  let issuedAt = 0;
  try {
    const { payload } = await jwtVerify(value, new TextEncoder().encode(ctx.jwtSecret), { algorithms: ['HS256'], audience: AUDIENCE });
    userId = payload.sub;
    sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
    issuedAt = typeof payload.ims === 'number' ? payload.ims : (payload.iat ?? 0) * 1000;
  } catch {
    throw Errors.unauthenticated('Your admin session has expired. Sign in again.');
  }
  if (userId && ctx.tokens.revocations && (await ctx.tokens.revocations.check(userId, sessionId, issuedAt)) !== 'valid') {
    throw Errors.unauthenticated('Your admin session has ended. Sign in again.');
  }
  const user = userId ? await usersRepository.findById(ctx.db, userId) : undefined;
  if (!user?.isAdmin) throw Errors.forbidden('Only administrators can open the queue dashboard');
  return user.id;
}

/**
 * State-changing dashboard requests must come from our own pages: the browser's Origin must be this
 * server's origin (or an allowed client origin), or the request carries X-Requested-With (which a
 * cross-site form cannot set). SameSite=Strict alone is not relied upon.
 */
export function sameOriginWrite(req: Request, allowed: string[]): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return true;
  if (req.get('x-requested-with')) return true;
  const origin = req.get('origin');
  if (!origin) return false;
  return origin === `${req.protocol}://${req.get('host')}` || allowed.includes(origin);
}
