import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';

/**
 * Sign-in throttling that a stranger cannot turn against the owner, and token refreshes that carrier
 * NAT (hundreds of people behind one address) does not turn into sign-outs. The server trusts the
 * loopback proxy (TRUST_PROXY default), so X-Forwarded-For is each request's client address.
 */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

let signUps = 0;
/** A sign-up from an address of its own (so it spends no other address's budget). */
async function signUp(server: TestServer): Promise<TestUser> {
  signUps++;
  const email = `throttle-${signUps}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct horse battery';
  const res = await server.api('/auth/register', { body: { name: 'Nat', email, password }, headers: from(`192.0.2.${signUps}`) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { user, token, refreshToken } = res.body.data;
  return { id: user.id, name: 'Nat', email, password, token, refreshToken };
}

describe('failed sign-ins are counted per account and client address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ roles: ['api'], env: { AUTH_RATE_LIMIT_PER_EMAIL: '10', AUTH_RATE_LIMIT_PER_IP: '300' } });
  });
  afterAll(async () => server?.stop());

  it('twelve wrong passwords from one address never lock the owner out on another network', async () => {
    const owner = await registerUser(server, { password: 'the-right-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await server.api('/auth/login', { body: { email: owner.email, password: `guess-${i}` }, headers: from('203.0.113.66') });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);

    // The owner, at home: signed in at once.
    const home = await server.api('/auth/login', {
      body: { email: owner.email, password: 'the-right-password' },
      headers: from('41.90.1.20'),
    });
    expect(home.status).toBe(200);
    expect(home.body.data.user.email).toBe(owner.email);
    // And on the phone (another address): the same.
    expect(
      (await server.api('/auth/login', { body: { email: owner.email, password: 'the-right-password' }, headers: from('41.90.7.7') }))
        .status,
    ).toBe(200);

    // The guesser's network stays limited, even with the right password, with a clear 429.
    const guesser = await server.api('/auth/login', {
      body: { email: owner.email, password: 'the-right-password' },
      headers: from('203.0.113.66'),
    });
    expect(guesser.status).toBe(429);
    expect(guesser.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(guesser.body.error).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect(Number(guesser.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("a guesser's count for one account does not touch another account from the same address", async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    for (let i = 0; i < 10; i++)
      await server.api('/auth/login', { body: { email: a.email, password: `x-${i}` }, headers: from('198.51.100.9') });
    expect(
      (await server.api('/auth/login', { body: { email: a.email, password: a.password }, headers: from('198.51.100.9') })).status,
    ).toBe(429);
    expect(
      (await server.api('/auth/login', { body: { email: b.email, password: b.password }, headers: from('198.51.100.9') })).status,
    ).toBe(200);
  });
});

describe('token refresh has its own limit and never spends the sign-in budget', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A small sign-in budget per address (5) and a refresh budget of its own (12).
    server = await startTestServer({ roles: ['api'], env: { AUTH_RATE_LIMIT_PER_IP: '5', AUTH_REFRESH_RATE_LIMIT_PER_IP: '12' } });
  });
  afterAll(async () => server?.stop());

  it('seven people behind one carrier-NAT address all refresh, and can still sign in afterwards', async () => {
    const NAT = '41.90.64.1';
    const people: TestUser[] = [];
    // They signed up elsewhere (each from their own address).
    for (let i = 0; i < 7; i++) people.push(await signUp(server));
    for (const [i, u] of people.entries()) {
      const res = await server.api('/auth/refresh', { body: { refreshToken: u.refreshToken }, headers: from(NAT) });
      expect(res.status, `person ${i + 1} refreshing`).toBe(200);
      u.refreshToken = res.body.data.refreshToken;
      u.token = res.body.data.token;
      expect((await server.api('/auth/me', { token: u.token })).status).toBe(200);
    }
    // The sign-in budget of that address is untouched: five sign-ins from it still work.
    for (const u of people.slice(0, 5)) {
      const res = await server.api('/auth/login', { body: { email: u.email, password: u.password }, headers: from(NAT) });
      expect(res.status).toBe(200);
    }
  });

  it('over the refresh limit: 429 with Retry-After and a clear message; the session is not ended by it', async () => {
    const BUSY = '41.90.99.1';
    const u = await signUp(server);
    let token = u.refreshToken;
    const statuses: number[] = [];
    let limited: ApiResponse | undefined;
    for (let i = 0; i < 14; i++) {
      const res = await server.api('/auth/refresh', { body: { refreshToken: token }, headers: from(BUSY) });
      statuses.push(res.status);
      if (res.status === 200) token = res.body.data.refreshToken;
      else limited ??= res;
    }
    expect(statuses).toEqual([...Array(12).fill(200), 429, 429]);
    expect(limited!.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(limited!.body.error).toMatch(/Too many session refreshes from your network\. Please try again in \d+ minutes?\./);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refresh token the 429 did not use still works (from another address, or later): nobody was signed out.
    const later = await server.api('/auth/refresh', { body: { refreshToken: token }, headers: from('41.90.99.2') });
    expect(later.status).toBe(200);
    expect((await server.api('/auth/me', { token: later.body.data.token })).status).toBe(200);
    // Signing in from the busy address is a budget of its own.
    expect((await server.api('/auth/login', { body: { email: u.email, password: u.password }, headers: from(BUSY) })).status).toBe(200);
  });
});
