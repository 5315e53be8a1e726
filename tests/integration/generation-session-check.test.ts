import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, registerUser, type TestUser } from '../helpers/users';

/**
 * The generate request checks the access token's revocation in the statement that records the
 * generation (one PostgreSQL round trip instead of two: docs/lean-runtime.md §5). What a user sees
 * stays what it was: a signed-out device's or an old password's token is 401 (in the same words,
 * whatever else is wrong with the request) and nothing is recorded or counted; the plan's 403 and
 * the quota's 429 come as before, in the account's language; a good token is accepted.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    roles: ['api'],
    env: { GENERATE_RATE_LIMIT_PER_USER: '1000', GENERATE_RATE_LIMIT_PER_IP: '1000' },
  });
});
afterAll(async () => server?.stop());

const BRIEF = { category: 'taglines', tone: 'bold', topic: 'Kahawa Coffee', count: 4 };
const generate = (token: string, body: Record<string, unknown> = BRIEF, headers: Record<string, string> = {}) =>
  server.api('/lines/generate', { body, token, headers });
const recorded = async (u: TestUser) => {
  const [g] = await server.database.query(`select count(*)::int as n from generations where user_id = $1`, [u.id]);
  const [d] = await server.database.query(`select coalesce(sum(count), 0)::int as n from usage_daily where subject = $1`, [`user-${u.id}`]);
  return { generations: g.n as number, counted: d.n as number };
};
async function signInAgain(u: TestUser) {
  const res = await server.api('/auth/login', { body: { email: u.email, password: u.password } });
  expect(res.status).toBe(200);
  return res.body.data as { token: string };
}

describe('generate: the sign-in check inside the accept', () => {
  it('a good token is accepted and counted once; its usage is the plan the account has (Pro: no daily limit)', async () => {
    const u = await registerUser(server);
    const free = await generate(u.token);
    expect(free.status).toBe(202);
    expect(free.body.data.usage).toMatchObject({ planId: 'free', dailyGenerations: 1, limit: 10 });
    await grantPlan(server.database, u.id, 'pro');
    const pro = await generate(u.token, { ...BRIEF, tone: 'romantic' });
    expect(pro.status).toBe(202);
    expect(pro.body.data.usage).toMatchObject({ planId: 'pro', dailyGenerations: 2, limit: -1 });
    expect(await recorded(u)).toEqual({ generations: 2, counted: 2 });
    const [row] = await server.database.query(`select plan_id from generations where id = $1`, [pro.body.data.generation.id]);
    expect(row.plan_id).toBe('pro');
  });

  it("a signed-out device's token is 401, even with a bad body or a plan it does not have; nothing recorded or counted", async () => {
    const u = await registerUser(server);
    const other = await signInAgain(u);
    const sessions = (await server.api('/auth/sessions', { token: u.token })).body.data.sessions as Array<{ id: string; current: boolean }>;
    const target = sessions.find((s) => !s.current)!;
    expect((await server.api(`/auth/sessions/${target.id}`, { method: 'DELETE', token: u.token })).status).toBe(200);
    for (const body of [BRIEF, { ...BRIEF, count: 'four' }, { ...BRIEF, tone: 'romantic' }]) {
      const res = await generate(other.token, body);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: 'Session expired. Please sign in again.' });
    }
    expect(await recorded(u)).toEqual({ generations: 0, counted: 0 });
    // The device still signed in goes on.
    expect((await generate(u.token)).status).toBe(202);
  });

  it("a token issued before the password changed is 401; a deleted account's token says so", async () => {
    const u = await registerUser(server);
    const old = u.token;
    const changed = await server.api('/users/change-password', {
      token: u.token,
      body: { currentPassword: u.password, newPassword: 'another horse battery' },
    });
    expect(changed.status).toBe(200);
    const res = await generate(old);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Session expired. Please sign in again.');
    expect(await recorded(u)).toEqual({ generations: 0, counted: 0 });

    const gone = await registerUser(server);
    await server.database.query(`delete from users where id = $1`, [gone.id]);
    const res2 = await generate(gone.token);
    expect(res2.status).toBe(401);
    expect(res2.body.error).toBe('Your account no longer exists. Please sign in again.');
  });

  it("the plan's 403, the field's 400 (after the plan's, as before) and the quota's 429 are in the account's language", async () => {
    const en = await registerUser(server);
    const sw = await registerUser(server);
    expect((await server.api('/account/language', { method: 'PATCH', token: sw.token, body: { language: 'sw' } })).status).toBe(200);
    const both = async (body: Record<string, unknown>) => {
      const [a, b] = [
        await generate(en.token, body, { 'accept-language': 'en' }),
        await generate(sw.token, body, { 'accept-language': 'en' }),
      ];
      expect(b.status).toBe(a.status);
      expect(b.body.code).toBe(a.body.code);
      expect(b.body.error).not.toBe(a.body.error);
      return a;
    };
    const plan = await both({ ...BRIEF, tone: 'romantic' });
    expect(plan.status).toBe(403);
    expect(plan.body).toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'pro' });
    // A Pro-only tone and a bad maxChars: the plan's answer first, as before.
    expect((await both({ ...BRIEF, tone: 'romantic', maxChars: 200 })).status).toBe(403);
    const field = await both({ ...BRIEF, maxChars: 200 });
    expect(field.status).toBe(400);
    expect(field.body.code).toBe('VALIDATION_FAILED');
    expect(await recorded(sw)).toEqual({ generations: 0, counted: 0 });

    for (let i = 0; i < 10; i++) {
      expect((await generate(en.token)).status).toBe(202);
      expect((await generate(sw.token)).status).toBe(202);
    }
    const over = await both(BRIEF);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('DAILY_LIMIT_REACHED');
    expect(await recorded(sw)).toEqual({ generations: 10, counted: 10 });
  });
});
