import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { registerUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'] });
});
afterAll(async () => server?.stop());

describe('auth: register, me, refresh rotation, logout', () => {
  it('registers, then me returns the user with the free plan', async () => {
    const res = await server.api('/auth/register', { body: { name: '  Ada  ', email: '  Ada@Example.COM ', password: 'secret1' } });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const { user, token, refreshToken } = res.body.data;
    expect(user).toMatchObject({ name: 'Ada', email: 'ada@example.com', planId: 'free' });
    expect(user.passwordHash).toBeUndefined();
    expect(typeof token).toBe('string');
    expect(typeof refreshToken).toBe('string');

    const me = await server.api('/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe('ada@example.com');
  });

  it('logs in with any casing of the email and refuses a wrong password with one message', async () => {
    const u = await registerUser(server, { email: 'casey@example.com', password: 'right-password' });
    const ok = await server.api('/auth/login', { body: { email: 'CASEY@example.com', password: 'right-password' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.id).toBe(u.id);

    const wrong = await server.api('/auth/login', { body: { email: 'casey@example.com', password: 'wrong-password' } });
    const unknown = await server.api('/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid email or password');
    expect(unknown.body.error).toBe('Invalid email or password');
  });

  it('rotates refresh tokens; reusing an old one revokes the whole family', async () => {
    const u = await registerUser(server);
    const first = await server.api('/auth/refresh', { body: { refreshToken: u.refreshToken } });
    expect(first.status).toBe(200);
    const rotated = first.body.data.refreshToken;
    expect(rotated).not.toBe(u.refreshToken);
    expect((await server.api('/auth/me', { token: first.body.data.token })).status).toBe(200);

    // The old token again: refused, and the new one dies with it.
    const replay = await server.api('/auth/refresh', { body: { refreshToken: u.refreshToken } });
    expect(replay.status).toBe(401);
    const afterReplay = await server.api('/auth/refresh', { body: { refreshToken: rotated } });
    expect(afterReplay.status).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const u = await registerUser(server);
    expect((await server.api('/auth/logout', { body: { refreshToken: u.refreshToken } })).status).toBe(200);
    expect((await server.api('/auth/refresh', { body: { refreshToken: u.refreshToken } })).status).toBe(401);
  });

  it('refuses a duplicate email in any case with 409', async () => {
    await registerUser(server, { email: 'dup@example.com' });
    const res = await server.api('/auth/register', { body: { name: 'Other', email: 'DUP@Example.com', password: 'secret12' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'CONFLICT', error: 'An account with this email already exists' });
  });
});

describe('auth: bad input never reaches a 500', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['missing fields', {}, /Name is required|Email is required/],
    ['missing password', { name: 'A', email: 'a@b.co' }, /Password is required/],
    ['wrong types', { name: 42, email: ['x'], password: true }, /Name|Email|Password/],
    ['short password', { name: 'A', email: 'a@b.co', password: '12345' }, /at least 6 characters/],
    ['129-char password', { name: 'A', email: 'a@b.co', password: 'x'.repeat(129) }, /at most 128 characters/],
    ['bad email', { name: 'A', email: 'not-an-email', password: 'secret1' }, /Please enter a valid email address/],
    ['unknown field', { name: 'A', email: 'a@b.co', password: 'secret1', isAdmin: true }, /Unknown field/],
  ];
  it.each(cases)('register with %s is 400 with a clear message', async (_label, body, message) => {
    const res = await server.api('/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.error).toMatch(message);
    expect(Array.isArray(res.body.details)).toBe(true);
  });

  it('accepts a 128-char password', async () => {
    const res = await server.api('/auth/register', { body: { name: 'Long', email: 'long@example.com', password: 'p'.repeat(128) } });
    expect(res.status).toBe(201);
  });

  it('answers malformed JSON with 400 and a 1 MB body with 413, without a stack', async () => {
    const bad = await server.api('/auth/login', { raw: '{"email": "a@b.co", "password": ' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Malformed JSON in request body');
    const big = await server.api('/auth/register', {
      raw: JSON.stringify({ name: 'x'.repeat(1024 * 1024), email: 'a@b.co', password: 'secret1' }),
    });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(JSON.stringify(big.body)).not.toMatch(/at .*\.js|node_modules/);
  });

  it('answers unknown routes with a 404 envelope', async () => {
    const res = await server.api('/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('auth: tokens are verified', () => {
  it('refuses a tampered token, an alg:none token and a token signed with another key', async () => {
    const u = await registerUser(server);
    const [h, p, s] = u.token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url');
    const tampered = `${h}.${forgedPayload}.${s}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const otherKey = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const token of [tampered, none, otherKey, 'garbage']) {
      const res = await server.api('/auth/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses me without a token', async () => {
    expect((await server.api('/auth/me')).status).toBe(401);
  });
});

describe('auth: rate limits', () => {
  it('limits failed sign-ins per account (from one address) with 429 and Retry-After', async () => {
    const limited = await startTestServer({ roles: ['api'], env: { AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100' } });
    try {
      await registerUser(limited, { email: 'target@example.com' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.api('/auth/login', { body: { email: 'target@example.com', password: 'guess-' + i } });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(res.body.code).toBe('RATE_LIMITED');
          expect(res.body.error).toMatch(/Too many attempts/);
        }
      }
      // Three wrong sign-ins from this address, then 429s (sign-ups are counted apart).
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.stop();
    }
  });

  it('limits auth requests per IP', async () => {
    const limited = await startTestServer({ roles: ['api'], env: { AUTH_RATE_LIMIT_PER_IP: '4' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await limited.api('/auth/login', { body: { email: `p${i}@example.com`, password: 'whatever' } });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await limited.stop();
    }
  });
});
