import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket } from '../helpers/socket';
import { registerUser, type TestUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'] });
});
afterAll(async () => server?.stop());

/** Signs in from another "device" (its own user agent and client address). */
async function signInFrom(u: TestUser, device: { ua: string; ip: string }) {
  const res = await server.api('/auth/login', {
    body: { email: u.email, password: u.password },
    headers: { 'user-agent': device.ua, 'x-forwarded-for': device.ip },
  });
  expect(res.status).toBe(200);
  return res.body.data as { token: string; refreshToken: string };
}

describe('sessions', () => {
  it('lists one entry per device with user agent, IP, times and which one is this', async () => {
    const u = await registerUser(server);
    const phone = await signInFrom(u, { ua: 'Phone Browser/1.0', ip: '203.0.113.7' });
    const res = await server.api('/auth/sessions', { token: phone.token });
    expect(res.status).toBe(200);
    const sessions = res.body.data.sessions as any[];
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current);
    expect(current).toMatchObject({ userAgent: 'Phone Browser/1.0', ip: '203.0.113.7' });
    expect(Date.parse(current.createdAt)).toBeGreaterThan(0);
    expect(Date.parse(current.lastUsedAt)).toBeGreaterThan(0);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    // A refresh rotates within the same session: still two, last used moves on.
    const rotated = await server.api('/auth/refresh', { body: { refreshToken: phone.refreshToken } });
    expect(rotated.status).toBe(200);
    const after = (await server.api('/auth/sessions', { token: rotated.body.data.token })).body.data.sessions as any[];
    expect(after).toHaveLength(2);
    expect(after.find((s) => s.current)!.id).toBe(current.id);
    expect((await server.api('/auth/sessions')).status).toBe(401);
  });

  it('signing out one device ends its refresh and access tokens, its handshake and its open socket at once', async () => {
    const u = await registerUser(server);
    const laptop = await signInFrom(u, { ua: 'Laptop', ip: '198.51.100.20' });
    const socket = await connectSocket(server.url, { token: laptop.token });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const list = (await server.api('/auth/sessions', { token: u.token })).body.data.sessions as any[];
    const target = list.find((s) => s.userAgent === 'Laptop');
    const res = await server.api(`/auth/sessions/${target.id}`, { method: 'DELETE', token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ revoked: true });

    expect(await closed).toBe('io server disconnect');
    const me = await server.api('/auth/me', { token: laptop.token });
    expect(me.status).toBe(401);
    expect(me.body.error).toBe('Session expired. Please sign in again.');
    expect((await server.api('/auth/refresh', { body: { refreshToken: laptop.refreshToken } })).status).toBe(401);
    await expect(connectSocket(server.url, { token: laptop.token })).rejects.toThrow(/Invalid or expired token/);
    // This device is untouched.
    expect((await server.api('/auth/me', { token: u.token })).status).toBe(200);
    expect((await server.api('/auth/sessions', { token: u.token })).body.data.sessions).toHaveLength(1);
    // Again: 404 (already ended).
    expect((await server.api(`/auth/sessions/${target.id}`, { method: 'DELETE', token: u.token })).status).toBe(404);
  });

  it("another user's session is a 404 and stays signed in; a malformed id is a 400", async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const [bSession] = (await server.api('/auth/sessions', { token: b.token })).body.data.sessions as any[];
    const res = await server.api(`/auth/sessions/${bSession.id}`, { method: 'DELETE', token: a.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect((await server.api('/auth/me', { token: b.token })).status).toBe(200);
    expect((await server.api('/auth/sessions/not-a-uuid', { method: 'DELETE', token: a.token })).status).toBe(400);
  });

  it('logout (with the refresh token) ends that session: its access token and socket too', async () => {
    const u = await registerUser(server);
    const socket = await connectSocket(server.url, { token: u.token });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    expect((await server.api('/auth/logout', { body: { refreshToken: u.refreshToken } })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await server.api('/auth/me', { token: u.token })).status).toBe(401);
  });

  it('a reused refresh token ends that whole session at once: its access tokens answer 401 and its sockets close; other devices stay', async () => {
    const u = await registerUser(server);
    const phone = await signInFrom(u, { ua: 'Phone', ip: '198.51.100.30' });
    // The thief copied the phone's refresh token; the phone rotates it first...
    const stolen = phone.refreshToken;
    const rotated = await server.api('/auth/refresh', { body: { refreshToken: stolen } });
    expect(rotated.status).toBe(200);
    const phoneNow = rotated.body.data as { token: string; refreshToken: string };
    // ...and the thief's earlier access token, and a socket, are open on that session.
    const thiefSocket = await connectSocket(server.url, { token: phone.token });
    const closed = new Promise<string>((resolve) => {
      thiefSocket.once('disconnect', (reason) => resolve(reason));
      setTimeout(() => resolve('still connected after 10 s'), 10_000).unref();
    });
    expect((await server.api('/auth/me', { token: phone.token })).status).toBe(200);

    // The copy is presented again: reuse.
    const replay = await server.api('/auth/refresh', { body: { refreshToken: stolen } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('UNAUTHENTICATED');

    // Every access token of that session is refused at once (not only its refresh family), its socket is closed,
    // its handshake refused, and it leaves the sessions list.
    expect(await closed).toBe('io server disconnect');
    for (const token of [phone.token, phoneNow.token]) {
      const me = await server.api('/auth/me', { token });
      expect(me.status).toBe(401);
      expect(me.body.error).toBe('Session expired. Please sign in again.');
    }
    expect((await server.api('/auth/refresh', { body: { refreshToken: phoneNow.refreshToken } })).status).toBe(401);
    await expect(connectSocket(server.url, { token: phoneNow.token })).rejects.toThrow(/Invalid or expired token/);
    const left = (await server.api('/auth/sessions', { token: u.token })).body.data.sessions as Array<{ userAgent: string }>;
    expect(left.map((s) => s.userAgent)).not.toContain('Phone');
    // The device that signed up is another session: untouched.
    expect((await server.api('/auth/me', { token: u.token })).status).toBe(200);
  });

  it('"sign out everywhere" ends every other device and keeps the caller with a fresh pair', async () => {
    const u = await registerUser(server);
    const tablet = await signInFrom(u, { ua: 'Tablet', ip: '198.51.100.30' });
    const phone = await signInFrom(u, { ua: 'Phone', ip: '198.51.100.31' });
    const tabletSocket = await connectSocket(server.url, { token: tablet.token });
    const closed = new Promise<string>((resolve) => tabletSocket.once('disconnect', (reason) => resolve(reason)));

    const res = await server.api('/auth/logout-all', { method: 'POST', token: phone.token });
    expect(res.status).toBe(200);
    expect(res.body.data.revoked).toBe(2);
    expect(await closed).toBe('io server disconnect');
    for (const old of [u, tablet, phone]) {
      expect((await server.api('/auth/me', { token: old.token })).status).toBe(401);
      expect((await server.api('/auth/refresh', { body: { refreshToken: old.refreshToken } })).status).toBe(401);
    }
    const fresh = res.body.data;
    expect((await server.api('/auth/me', { token: fresh.token })).status).toBe(200);
    expect((await server.api('/auth/refresh', { body: { refreshToken: fresh.refreshToken } })).status).toBe(200);
    const sessions = (await server.api('/auth/sessions', { token: fresh.token })).body.data.sessions as any[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true });
  });

  it('a refresh token of a family that began before the password change is refused (no race window)', async () => {
    const u = await registerUser(server, { password: 'first-password' });
    // As if a rotation racing the password change had committed a fresh token after the revocation:
    // the token is live in refresh_tokens, but its session began before "valid from".
    await server.api('/users/change-password', {
      token: u.token,
      body: { currentPassword: 'first-password', newPassword: 'second-password' },
    });
    const [row] = await server.services.ctx.db.select().from(schema.refreshTokens).where(eq(schema.refreshTokens.userId, u.id)).limit(1);
    await server.services.ctx.db
      .update(schema.refreshTokens)
      .set({ revokedAt: null, usedAt: null })
      .where(eq(schema.refreshTokens.id, row!.id));
    await server.services.ctx.db.update(schema.sessions).set({ revokedAt: null }).where(eq(schema.sessions.id, row!.familyId));
    const res = await server.api('/auth/refresh', { body: { refreshToken: u.refreshToken } });
    expect(res.status).toBe(401);
  });
});

describe('limits that fit carrier NAT', () => {
  it('many people behind one address can sign up and sign in (default per-IP ceiling in the hundreds)', async () => {
    const headers = { 'x-forwarded-for': '41.90.0.1' };
    for (let i = 0; i < 40; i++) {
      const email = `nat-${i}@example.com`;
      const reg = await server.api('/auth/register', { body: { name: 'Nat', email, password: 'secret-pass' }, headers });
      expect(reg.status, `sign-up ${i}`).toBe(201);
    }
    const login = await server.api('/auth/login', { body: { email: 'nat-39@example.com', password: 'secret-pass' }, headers });
    expect(login.status).toBe(200);
    expect(server.config.AUTH_RATE_LIMIT_PER_IP).toBeGreaterThanOrEqual(100);
  });
});

describe('admin dashboard cookie', () => {
  async function adminWithCookie() {
    const admin = await registerUser(server);
    await server.services.ctx.db.update(schema.users).set({ isAdmin: true }).where(eq(schema.users.id, admin.id));
    const res = await server.api('/admin/session', { method: 'POST', token: admin.token, body: {} });
    expect(res.status).toBe(200);
    return { admin, cookie: res.headers.get('set-cookie')!.split(';')[0]! };
  }

  it('stops working when the session that bought it is revoked (password change)', async () => {
    const { admin, cookie } = await adminWithCookie();
    expect((await fetch(`${server.url}/admin/queues`, { headers: { cookie } })).status).toBe(200);
    await server.api('/users/change-password', {
      token: admin.token,
      body: { currentPassword: admin.password, newPassword: 'another-pass' },
    });
    expect((await fetch(`${server.url}/admin/queues`, { headers: { cookie } })).status).toBe(401);
  });

  it('refuses state-changing requests without a matching Origin or a custom header', async () => {
    const { cookie } = await adminWithCookie();
    const url = `${server.url}/admin/queues/api/queues/email/pause`;
    const crossSite = await fetch(url, { method: 'PUT', headers: { cookie, origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    const noOrigin = await fetch(url, { method: 'PUT', headers: { cookie } });
    expect(noOrigin.status).toBe(403);
    const sameOrigin = await fetch(url, { method: 'PUT', headers: { cookie, origin: server.url } });
    expect(sameOrigin.status).not.toBe(403);
    expect(sameOrigin.status).toBeLessThan(500);
  });
});
