import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket } from '../helpers/socket';
import { registerUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'] });
});
afterAll(async () => server?.stop());

describe('profile', () => {
  it('shows and renames the signed-in user', async () => {
    const u = await registerUser(server, { name: 'Old Name' });
    const got = await server.api('/users/profile', { token: u.token });
    expect(got.status).toBe(200);
    expect(got.body.data.user).toMatchObject({ id: u.id, name: 'Old Name', email: u.email, planId: 'free' });
    expect(got.body.data.user.passwordHash).toBeUndefined();

    const put = await server.api('/users/profile', { method: 'PUT', token: u.token, body: { name: '  Amani Otieno  ' } });
    expect(put.status).toBe(200);
    expect(put.body.data.user.name).toBe('Amani Otieno');
    expect((await server.api('/auth/me', { token: u.token })).body.data.user.name).toBe('Amani Otieno');
  });

  it('refuses bad names and other fields with 400, and visitors with 401', async () => {
    const u = await registerUser(server);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /Name is required/],
      [{ name: '   ' }, /Name is required/],
      [{ name: 'n'.repeat(101) }, /at most 100 characters/],
      [{ name: 42 }, /Name is required/],
      [{ name: 'Ok', email: 'new@example.com' }, /Unknown field/],
    ];
    for (const [body, message] of cases) {
      const res = await server.api('/users/profile', { method: 'PUT', token: u.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await server.api('/users/profile', { method: 'PUT', token: u.token, body: { name: 'n'.repeat(100) } })).status).toBe(200);
    expect((await server.api('/users/profile')).status).toBe(401);
    expect((await server.api('/users/profile', { method: 'PUT', body: { name: 'X' } })).status).toBe(401);
  });
});

describe('change password', () => {
  it('needs the current password; a wrong one is a 400 that does not sign the user out', async () => {
    const u = await registerUser(server, { password: 'first-password' });
    const missing = await server.api('/users/change-password', { token: u.token, body: { newPassword: 'second-password' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/Current password is required/);
    const wrong = await server.api('/users/change-password', {
      token: u.token,
      body: { currentPassword: 'not-it', newPassword: 'second-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Current password is incorrect');
    const short = await server.api('/users/change-password', {
      token: u.token,
      body: { currentPassword: 'first-password', newPassword: '12345' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatch(/at least 6 characters/);
    const same = await server.api('/users/change-password', {
      token: u.token,
      body: { currentPassword: 'first-password', newPassword: 'first-password' },
    });
    expect(same.status).toBe(400);
    // Still signed in, old password still valid.
    expect((await server.api('/auth/me', { token: u.token })).status).toBe(200);
    expect((await server.api('/auth/login', { body: { email: u.email, password: 'first-password' } })).status).toBe(200);
    expect((await server.api('/users/change-password', { body: { currentPassword: 'a', newPassword: 'bbbbbb' } })).status).toBe(401);
  });

  it('changes it, revokes every refresh token, and keeps this browser signed in with a fresh pair', async () => {
    const u = await registerUser(server, { password: 'first-password' });
    const otherBrowser = await server.api('/auth/login', { body: { email: u.email, password: 'first-password' } });
    expect(otherBrowser.status).toBe(200);

    const res = await server.api('/users/change-password', {
      token: u.token,
      body: { currentPassword: 'first-password', newPassword: 'second-password' },
    });
    expect(res.status).toBe(200);
    const { token, refreshToken } = res.body.data;
    expect(typeof token).toBe('string');
    expect(typeof refreshToken).toBe('string');

    // Every earlier refresh token is dead: this browser's and the other browser's.
    expect((await server.api('/auth/refresh', { body: { refreshToken: u.refreshToken } })).status).toBe(401);
    expect((await server.api('/auth/refresh', { body: { refreshToken: otherBrowser.body.data.refreshToken } })).status).toBe(401);
    // Every earlier access token is refused at once too, over HTTP and at the socket handshake.
    for (const old of [u.token, otherBrowser.body.data.token]) {
      const me = await server.api('/auth/me', { token: old });
      expect(me.status).toBe(401);
      expect(me.body.error).toBe('Session expired. Please sign in again.');
    }
    await expect(connectSocket(server.url, { token: otherBrowser.body.data.token })).rejects.toThrow();
    // The fresh pair works.
    expect((await server.api('/auth/me', { token })).body.data.user.id).toBe(u.id);
    const socket = await connectSocket(server.url, { token });
    socket.disconnect();
    expect((await server.api('/auth/refresh', { body: { refreshToken } })).status).toBe(200);

    expect((await server.api('/auth/login', { body: { email: u.email, password: 'first-password' } })).status).toBe(401);
    expect((await server.api('/auth/login', { body: { email: u.email, password: 'second-password' } })).status).toBe(200);
  });

  it('limits guesses of the current password', async () => {
    const limited = await startTestServer({ roles: ['api'], env: { AUTH_RATE_LIMIT_PER_EMAIL: '3' } });
    try {
      const u = await registerUser(limited, { password: 'first-password' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.api('/users/change-password', {
          token: u.token,
          body: { currentPassword: `guess-${i}`, newPassword: 'second-password' },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await limited.stop();
    }
  });
});
