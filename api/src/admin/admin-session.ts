import { SignJWT, jwtVerify } from 'jose';
import { Errors, usersRepository } from '@gl/core/server';
import type { ApiContext } from '../api-context';

export const ADMIN_COOKIE = 'gl_admin';
const AUDIENCE = 'genius-lines-admin';
const TTL_SECONDS = 3600;

/**
 * The queue dashboard is a server-rendered page, so it can't send a bearer header: an admin
 * exchanges their access token for a short-lived, HttpOnly, SameSite=Strict cookie scoped to /admin.
 */
export async function issueAdminCookie(ctx: ApiContext, userId: string): Promise<{ value: string; maxAgeMs: number }> {
  const user = await usersRepository.findById(ctx.db, userId);
  if (!user?.isAdmin) throw Errors.forbidden('Only administrators can open the queue dashboard');
  const value = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TTL_SECONDS}s`)
    .sign(new TextEncoder().encode(ctx.jwtSecret));
  return { value, maxAgeMs: TTL_SECONDS * 1000 };
}

/** Verifies the cookie and that the user is still an administrator. */
export async function verifyAdminCookie(ctx: ApiContext, value: string | undefined): Promise<string> {
  if (!value) throw Errors.unauthenticated('Sign in as an administrator first');
  let userId: string | undefined;
  try {
    const { payload } = await jwtVerify(value, new TextEncoder().encode(ctx.jwtSecret), { algorithms: ['HS256'], audience: AUDIENCE });
    userId = payload.sub;
  } catch {
    throw Errors.unauthenticated('Your admin session has expired. Sign in again.');
  }
  const user = userId ? await usersRepository.findById(ctx.db, userId) : undefined;
  if (!user?.isAdmin) throw Errors.forbidden('Only administrators can open the queue dashboard');
  return user.id;
}
