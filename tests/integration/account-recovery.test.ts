import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { startServerWithMail, stopServerWithMail } from '../helpers/mail-server';
import { connectSocket } from '../helpers/socket';
import { linkIn, mailsTo, nthMailTo } from '../helpers/mail-links';
import { markVerified, registerUser } from '../helpers/users';
import type { SmtpStub } from '../stubs/smtp.stub';

let smtp: SmtpStub;
let server: TestServer;
beforeAll(async () => ({ server, smtp } = await startServerWithMail()));
afterAll(() => stopServerWithMail(server, smtp));

const RESET = /Reset your Genius Lines password/;
const VERIFY = /Confirm your email address/;
const forgot = (email: string) => server.api('/auth/forgot-password', { body: { email } });
const reset = (token: string, password: string) => server.api('/auth/reset-password', { body: { token, password } });
const tokenRows = (userId: string) =>
  server.services.ctx.db.select().from(schema.accountTokens).where(eq(schema.accountTokens.userId, userId));

describe('password reset', () => {
  it('the whole flow from the delivered mail: new password works, every earlier refresh and access token is refused', async () => {
    const u = await registerUser(server, { password: 'old-password' });
    const other = (await server.api('/auth/login', { body: { email: u.email, password: 'old-password' } })).body.data;
    const openSocket = await connectSocket(server.url, { token: other.token });
    const disconnected = new Promise<string>((resolve) => openSocket.once('disconnect', (reason) => resolve(reason)));

    const res = await forgot(u.email);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, data: { sent: true } });

    const mail = await nthMailTo(smtp, u.email, RESET);
    const { url, token } = linkIn(mail, '/reset-password');
    expect(url.startsWith(`${server.url}/reset-password?token=`)).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
    // Only the SHA-256 of the token is stored.
    const rows = await tokenRows(u.id);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.find((r) => r.kind === 'password_reset')?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const done = await reset(token, 'brand-new-password');
    expect(done.status).toBe(200);
    expect(done.body.data.user).toMatchObject({ id: u.id, email: u.email, emailVerified: true });
    expect((await server.api('/auth/me', { token: done.body.data.token })).status).toBe(200);

    // Old sessions: refresh and access tokens refused, at the handshake too; the open socket is closed.
    for (const old of [u, other]) {
      expect((await server.api('/auth/refresh', { body: { refreshToken: old.refreshToken } })).status).toBe(401);
      const me = await server.api('/auth/me', { token: old.token });
      expect(me.status).toBe(401);
      expect(me.body.code).toBe('UNAUTHENTICATED');
    }
    await expect(connectSocket(server.url, { token: other.token })).rejects.toThrow();
    expect(await disconnected).toBe('io server disconnect');

    expect((await server.api('/auth/login', { body: { email: u.email, password: 'old-password' } })).status).toBe(401);
    expect((await server.api('/auth/login', { body: { email: u.email, password: 'brand-new-password' } })).status).toBe(200);

    // Single use.
    const again = await reset(token, 'third-password');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, code: 'INVALID_TOKEN' });
    expect(again.body.error).toMatch(/invalid, expired or already used/);
  });

  it('answers unknown e-mails exactly like known ones (no enumeration) and sends nothing', async () => {
    const u = await registerUser(server);
    const known = await forgot(u.email);
    const unknown = await forgot('nobody-here@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await nthMailTo(smtp, u.email, RESET);
    await server.drain();
    expect(mailsTo(smtp, 'nobody-here@example.com', /./)).toHaveLength(0);
    const bad = await forgot('not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('three requests in a row each send a mail; only the newest link works', async () => {
    const u = await registerUser(server, { password: 'first-password' });
    const tokens: string[] = [];
    for (let n = 1; n <= 3; n++) {
      expect((await forgot(u.email)).status).toBe(202);
      tokens.push(linkIn(await nthMailTo(smtp, u.email, RESET, n), '/reset-password').token);
    }
    expect(new Set(tokens).size).toBe(3);
    // The two older links were voided by the newer requests.
    for (const t of tokens.slice(0, 2)) expect((await reset(t, 'second-password')).body.code).toBe('INVALID_TOKEN');
    expect((await reset(tokens[2]!, 'second-password')).status).toBe(200);
    expect((await server.api('/auth/login', { body: { email: u.email, password: 'second-password' } })).status).toBe(200);
  });

  it('an expired link is refused and changes nothing (time moved in the database)', async () => {
    const u = await registerUser(server, { password: 'keep-this-one' });
    await forgot(u.email);
    const { token } = linkIn(await nthMailTo(smtp, u.email, RESET), '/reset-password');
    await server.database.query(`update account_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [u.id]);
    const res = await reset(token, 'another-password');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_TOKEN');
    expect((await server.api('/auth/login', { body: { email: u.email, password: 'keep-this-one' } })).status).toBe(200);
    expect((await server.api('/auth/me', { token: u.token })).status).toBe(200);
  });

  it('the link expires after PASSWORD_RESET_TTL_MINUTES (30)', async () => {
    const u = await registerUser(server);
    await forgot(u.email);
    await nthMailTo(smtp, u.email, RESET);
    const [row] = (await tokenRows(u.id)).filter((r) => r.kind === 'password_reset');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(29 * 60_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(30 * 60_000 + 1000);
  });

  it('malformed, unknown and other-kind tokens: 400, never a 500', async () => {
    const u = await registerUser(server, { password: 'stays-the-same' });
    // A verification token (sent at sign-up) is not a reset token.
    const { token: verification } = linkIn(await nthMailTo(smtp, u.email, VERIFY), '/verify-email');
    const cases: unknown[] = [
      { token: verification, password: 'new-password' },
      { token: 'x'.repeat(43), password: 'new-password' },
      { token: '', password: 'new-password' },
      { token: 'a'.repeat(5000), password: 'new-password' },
      { token: ['array'], password: 'new-password' },
      { token: 'abc', password: '123' },
      { token: 'abc' },
    ];
    for (const body of cases) {
      const res = await server.api('/auth/reset-password', { body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(['INVALID_TOKEN', 'VALIDATION_FAILED']).toContain(res.body.code);
    }
    // The verification token still works for what it is for.
    const verified = await server.api('/auth/verify-email', { body: { token: verification } });
    expect(verified.status).toBe(200);
    expect((await server.api('/auth/login', { body: { email: u.email, password: 'stays-the-same' } })).status).toBe(200);
  });

  it('limits reset e-mails per address (Retry-After), not per shared IP', async () => {
    const limited = await startTestServer({ roles: ['api'], env: { ACCOUNT_EMAIL_LIMIT_PER_ADDRESS: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.api('/auth/forgot-password', { body: { email: 'same@example.com' } })).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
      const last = await limited.api('/auth/forgot-password', { body: { email: 'same@example.com' } });
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another person behind the same address is not affected.
      expect((await limited.api('/auth/forgot-password', { body: { email: 'neighbour@example.com' } })).status).toBe(202);
    } finally {
      await limited.stop();
    }
  });
});

describe('e-mail verification', () => {
  it('sign-up sends a 48 h link; opening it verifies; the user DTO says so everywhere', async () => {
    const u = await registerUser(server);
    const me = await server.api('/auth/me', { token: u.token });
    expect(me.body.data.user.emailVerified).toBe(false);
    const { url, token } = linkIn(await nthMailTo(smtp, u.email, VERIFY), '/verify-email');
    expect(url.startsWith(`${server.url}/verify-email?token=`)).toBe(true);
    const [row] = (await tokenRows(u.id)).filter((r) => r.kind === 'email_verification');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(47 * 3600_000);

    const socket = await connectSocket(server.url, { token: u.token });
    const updated = new Promise<any>((resolve) => socket.once('account:updated', resolve));
    const res = await server.api('/auth/verify-email', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: u.id, emailVerified: true });
    expect((await updated).user.emailVerified).toBe(true);
    socket.disconnect();
    expect((await server.api('/users/profile', { token: u.token })).body.data.user.emailVerified).toBe(true);
    // Used once.
    expect((await server.api('/auth/verify-email', { body: { token } })).body.code).toBe('INVALID_TOKEN');
    // Already verified: resend is a clear 409.
    expect((await server.api('/auth/resend-verification', { method: 'POST', token: u.token })).status).toBe(409);
  });

  it('resend voids the earlier link; an expired link is refused', async () => {
    const u = await registerUser(server);
    const first = linkIn(await nthMailTo(smtp, u.email, VERIFY, 1), '/verify-email').token;
    const resent = await server.api('/auth/resend-verification', { method: 'POST', token: u.token });
    expect(resent.status).toBe(200);
    expect(resent.body.data).toEqual({ sent: true });
    const second = linkIn(await nthMailTo(smtp, u.email, VERIFY, 2), '/verify-email').token;
    expect((await server.api('/auth/verify-email', { body: { token: first } })).status).toBe(400);
    await server.database.query(`update account_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [u.id]);
    const expired = await server.api('/auth/verify-email', { body: { token: second } });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('INVALID_TOKEN');
    expect((await server.api('/auth/me', { token: u.token })).body.data.user.emailVerified).toBe(false);
    expect((await server.api('/auth/resend-verification', { method: 'POST' })).status).toBe(401);
  });

  it('creating API keys needs a verified e-mail (403 EMAIL_NOT_VERIFIED)', async () => {
    const u = await registerUser(server);
    await server.database.query(`insert into subscriptions (user_id, plan_id, status) values ($1, 'business', 'active')`, [u.id]);
    const refused = await server.api('/api-keys', { body: { name: 'ci' }, token: u.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'EMAIL_NOT_VERIFIED' });
    expect((await server.api('/api-keys', { token: u.token })).status).toBe(200);
    await markVerified(server.database, u.id);
    expect((await server.api('/api-keys', { body: { name: 'ci' }, token: u.token })).status).toBe(201);
  });
});

describe('change of e-mail', () => {
  it('needs the password; changes only when the new address opens its link; the old address is told', async () => {
    const u = await registerUser(server, { password: 'my-password' });
    const wrong = await server.api('/users/email', {
      method: 'PUT',
      token: u.token,
      body: { newEmail: 'moved@example.com', password: 'nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Password is incorrect');
    const taken = await registerUser(server);
    const conflict = await server.api('/users/email', {
      method: 'PUT',
      token: u.token,
      body: { newEmail: taken.email, password: 'my-password' },
    });
    expect(conflict.status).toBe(409);

    const res = await server.api('/users/email', {
      method: 'PUT',
      token: u.token,
      body: { newEmail: 'Moved@Example.com', password: 'my-password' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user: { email: u.email }, pendingEmail: 'moved@example.com' });
    const notice = await nthMailTo(smtp, u.email, /being changed/);
    expect(notice.text).toContain('moved@example.com');
    const { token } = linkIn(await nthMailTo(smtp, 'moved@example.com', /Confirm your new email/), '/verify-email');
    expect((await server.api('/auth/me', { token: u.token })).body.data.user.email).toBe(u.email);

    const confirmed = await server.api('/auth/verify-email', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.user).toMatchObject({ email: 'moved@example.com', emailVerified: true });
    expect((await server.api('/auth/login', { body: { email: 'moved@example.com', password: 'my-password' } })).status).toBe(200);
    expect((await server.api('/auth/login', { body: { email: u.email, password: 'my-password' } })).status).toBe(401);
    // The sign-up verification link of the old address no longer applies.
    const oldVerify = linkIn(await nthMailTo(smtp, u.email, VERIFY), '/verify-email').token;
    expect((await server.api('/auth/verify-email', { body: { token: oldVerify } })).status).toBe(400);
  });
});
