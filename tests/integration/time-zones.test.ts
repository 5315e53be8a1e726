/**
 * DESIGN.md §20: the account's time zone (sign-up, PATCH /account/time-zone, the profile) and the
 * daily quota counted per local day, resetting at the person's own midnight. The boundaries are
 * tested by giving the moment a generation is counted (23:59 and 00:01 local), never by waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlan } from '@gl/core';
import { campaignLinesSubject, generationsRepository, schema, usageRepository, usageSubject, type GenerationBrief } from '@gl/core/server';
import { and, eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  // No worker: accepted generations wait in the queue; these tests are about what is counted.
  server = await startTestServer({ roles: ['api'], env: { GENERATE_RATE_LIMIT_PER_USER: '1000', GENERATE_RATE_LIMIT_PER_IP: '1000' } });
});
afterAll(async () => server?.stop());

const setZone = (u: TestUser, timeZone: unknown) =>
  server.api('/account/time-zone', { method: 'PATCH', token: u.token, body: { timeZone } });
const signUp = (body: Record<string, unknown>) =>
  server.api('/auth/register', {
    body: { name: 'Wanjiru', email: `tz-${Math.random().toString(36).slice(2)}@example.com`, password: 'correct horse battery', ...body },
  });

describe("the account's time zone", () => {
  it("sign-up keeps the browser's zone; without one a Kiswahili account reads Nairobi time, an English one UTC", async () => {
    const honolulu = await signUp({ timeZone: 'Pacific/Honolulu' });
    expect(honolulu.status).toBe(201);
    expect(honolulu.body.data.user.timeZone).toBe('Pacific/Honolulu');
    expect((await signUp({ language: 'sw' })).body.data.user.timeZone).toBe('Africa/Nairobi');
    expect((await signUp({ language: 'en' })).body.data.user.timeZone).toBe('UTC');
    // A name the server does not know never stops a sign-up: it reads as absent.
    const unknown = await signUp({ language: 'sw', timeZone: 'Mars/Olympus_Mons' });
    expect(unknown.status).toBe(201);
    expect(unknown.body.data.user.timeZone).toBe('Africa/Nairobi');
  });

  it('PATCH /account/time-zone answers the account with its zone; the profile and /auth/me carry it', async () => {
    const u = await registerUser(server);
    const res = await setZone(u, 'Africa/Nairobi');
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: u.id, timeZone: 'Africa/Nairobi' });
    expect((await server.api('/users/profile', { token: u.token })).body.data.user.timeZone).toBe('Africa/Nairobi');
    expect((await server.api('/auth/me', { token: u.token })).body.data.user.timeZone).toBe('Africa/Nairobi');
  });

  it('a name that is not an IANA zone is 400 naming the field, in the request language', async () => {
    const u = await registerUser(server);
    for (const bad of ['Mars/Olympus_Mons', '+03:00', 'Africa/Nairobi; drop table users', '', 'x'.repeat(200), 42, null]) {
      const res = await setZone(u, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain('timeZone');
    }
    await server.api('/account/language', { method: 'PATCH', token: u.token, body: { language: 'sw' } });
    const sw = await setZone(u, 'Mars/Olympus_Mons');
    expect(sw.body.error).toMatch(/Saa za eneo hili hazijulikani/);
    expect((await server.api('/users/profile', { token: u.token })).body.data.user.timeZone).toBe('UTC');
    expect((await server.api('/account/time-zone', { method: 'PATCH', body: { timeZone: 'UTC' } })).status).toBe(401);
  });
});

describe('the daily quota resets at local midnight', () => {
  const free = getPlan('free');
  const brief = (userId: string): GenerationBrief => ({
    userId,
    visitorId: null,
    apiKeyId: null,
    subject: usageSubject({ userId }),
    planId: free.id,
    category: 'taglines',
    topic: 'Chai',
    prompt: null,
    count: 5,
    language: 'en',
    maxChars: null,
    brand: null,
    platform: null,
    hashtags: null,
    emoji: null,
    fromPhoto: false,
  });
  const userIn = async (timeZone: string) => {
    const u = await registerUser(server);
    expect((await setZone(u, timeZone)).status).toBe(200);
    return u;
  };
  /** Counts one generation as if it were made at `at` (the generation's created_at is moved there too). */
  const generateAt = async (u: TestUser, at: string) => {
    const accepted = await generationsRepository.accept(server.services.ctx.db, brief(u.id), ['bold'], free, new Date(at));
    expect(accepted).toBeDefined();
    await server.services.ctx.db
      .update(schema.generations)
      .set({ createdAt: new Date(at) })
      .where(eq(schema.generations.id, accepted!.rows[0]!.id));
    return accepted!.usage;
  };
  const usageAt = (u: TestUser, at: string) => usageRepository.counts(server.services.ctx.db, usageSubject({ userId: u.id }), new Date(at));

  // The same two UTC moments, 2 minutes apart, straddle midnight in one zone and not in another.
  it.each([
    // zone, 23:59 local, 00:01 local (next day), the local midnight between them
    ['Africa/Nairobi', '2026-11-27T20:59:00Z', '2026-11-27T21:01:00Z', '2026-11-27T21:00:00.000Z'],
    ['Pacific/Honolulu', '2026-11-28T09:59:00Z', '2026-11-28T10:01:00Z', '2026-11-28T10:00:00.000Z'],
    ['UTC', '2026-11-27T23:59:00Z', '2026-11-28T00:01:00Z', '2026-11-28T00:00:00.000Z'],
  ])(
    '%s: a generation at 23:59 counts for that day only; at 00:01 the day starts from 0',
    async (zone, beforeMidnight, afterMidnight, midnight) => {
      const u = await userIn(zone);
      const at2359 = await generateAt(u, beforeMidnight);
      expect(at2359).toMatchObject({ dailyGenerations: 1, remaining: 9 });
      expect(at2359.resetsAt).toBe(midnight);
      const at0001 = await usageAt(u, afterMidnight);
      expect(at0001.daily).toBe(0);
      expect(at0001.resetsAt.toISOString()).toBe(new Date(Date.parse(midnight) + 86_400_000).toISOString());
      const next = await generateAt(u, afterMidnight);
      expect(next).toMatchObject({ dailyGenerations: 1, remaining: 9 });
    },
  );

  it('the same two moments fall on one day in UTC but on two in Nairobi', async () => {
    const nairobi = await userIn('Africa/Nairobi');
    const utc = await userIn('UTC');
    for (const u of [nairobi, utc]) {
      await generateAt(u, '2026-11-27T20:59:00Z');
      await generateAt(u, '2026-11-27T21:01:00Z');
    }
    expect((await usageAt(nairobi, '2026-11-27T21:01:00Z')).daily).toBe(1);
    expect((await usageAt(utc, '2026-11-27T21:01:00Z')).daily).toBe(2);
  });

  it('a full local day refuses at 23:59 Honolulu time and accepts at 00:01', async () => {
    const u = await userIn('Pacific/Honolulu');
    const db = server.services.ctx.db;
    const subject = usageSubject({ userId: u.id });
    for (let i = 0; i < free.limits.dailyGenerations; i++)
      await usageRepository.increment(db, subject, 10, new Date('2026-11-28T09:00:00Z'));
    expect(await generationsRepository.accept(db, brief(u.id), ['bold'], free, new Date('2026-11-28T09:59:00Z'))).toBeUndefined();
    expect(await generationsRepository.accept(db, brief(u.id), ['bold'], free, new Date('2026-11-28T10:01:00Z'))).toBeDefined();
    // Stored on the local day it was made on.
    const rows = await db
      .select()
      .from(schema.usageDaily)
      .where(and(eq(schema.usageDaily.subject, subject)));
    expect(Object.fromEntries(rows.map((r) => [r.day, r.count]))).toEqual({ '2026-11-27': 10, '2026-11-28': 1 });
  });

  it("a campaign's daily lines budget is counted on the account's local day too", async () => {
    const u = await userIn('Pacific/Honolulu');
    const db = server.services.ctx.db;
    const subject = campaignLinesSubject(u.id);
    await usageRepository.increment(db, subject, 10, new Date('2026-11-28T09:59:00Z'), 3);
    await usageRepository.increment(db, subject, 10, new Date('2026-11-28T10:01:00Z'), 2);
    const rows = await db.select().from(schema.usageDaily).where(eq(schema.usageDaily.subject, subject));
    expect(Object.fromEntries(rows.map((r) => [r.day, r.count]))).toEqual({ '2026-11-27': 3, '2026-11-28': 2 });
    const at0001 = await usageRepository.counts(db, subject, new Date('2026-11-28T10:01:00Z'));
    expect(at0001).toMatchObject({ daily: 2, resetsAt: new Date('2026-11-29T10:00:00.000Z') });
  });

  it('GET /users/usage: resetsAt is the next midnight of the account, and a full yesterday (local) does not count today', async () => {
    for (const [zone, midnightUtcHour] of [
      ['Africa/Nairobi', 21],
      ['Pacific/Honolulu', 10],
    ] as const) {
      const u = await userIn(zone);
      const yesterdayLocal = (await server.services.ctx.db.execute(
        // The account's yesterday, as PostgreSQL reads its zone.
        sql`select ((now() at time zone ${zone})::date - 1)::text as day`,
      )) as unknown as { rows: Array<{ day: string }> };
      await server.services.ctx.db
        .insert(schema.usageDaily)
        .values({ subject: usageSubject({ userId: u.id }), day: yesterdayLocal.rows[0]!.day, count: 10 });
      const usage = await server.api('/users/usage', { token: u.token });
      expect(usage.status).toBe(200);
      expect(usage.body.data).toMatchObject({ dailyGenerations: 0, remaining: 10 });
      const resetsAt = new Date(usage.body.data.resetsAt);
      expect(resetsAt.getUTCHours()).toBe(midnightUtcHour);
      expect(resetsAt.getUTCMinutes()).toBe(0);
      expect(resetsAt.getTime() - Date.now()).toBeGreaterThan(0);
      expect(resetsAt.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
      const res = await server.api('/lines/generate', { body: { category: 'taglines', tone: 'bold' }, token: u.token });
      expect(res.status).toBe(202);
      expect(res.body.data.usage).toMatchObject({ dailyGenerations: 1, resetsAt: usage.body.data.resetsAt });
    }
  });

  it('a used-up day answers 429 with Retry-After until local midnight and no "UTC" in the message', async () => {
    const u = await userIn('Africa/Nairobi');
    const today = (await server.services.ctx.db.execute(
      sql`select (now() at time zone 'Africa/Nairobi')::date::text as day`,
    )) as unknown as {
      rows: Array<{ day: string }>;
    };
    await server.services.ctx.db
      .insert(schema.usageDaily)
      .values({ subject: usageSubject({ userId: u.id }), day: today.rows[0]!.day, count: 10 });
    const res = await server.api('/lines/generate', { body: { category: 'taglines', tone: 'bold' }, token: u.token });
    expect(res.status).toBe(429);
    const resetsAt = Date.parse(res.body.usage.resetsAt);
    expect(new Date(resetsAt).getUTCHours()).toBe(21);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Math.abs(Date.now() + retryAfter * 1000 - resetsAt)).toBeLessThan(60_000);
    expect(res.body.error).not.toMatch(/UTC/);
    await server.api('/account/language', { method: 'PATCH', token: u.token, body: { language: 'sw' } });
    const sw = await server.api('/lines/generate', { body: { category: 'taglines', tone: 'bold' }, token: u.token });
    expect(sw.body.error).toMatch(/rudi kesho/);
  });
});
