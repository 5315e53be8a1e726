import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { schema } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { TEST_REDIS_URL } from '../helpers/redis';
import { grantPlan, registerUser, type TestUser } from '../helpers/users';

// No worker role: accepted jobs wait in the queue; these tests are about what is accepted.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    roles: ['api'],
    env: { GENERATE_RATE_LIMIT_PER_USER: '1000', GENERATE_RATE_LIMIT_PER_IP: '1000' },
  });
});
afterAll(async () => server?.stop());

const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const generate = (body: Record<string, unknown>, auth: { token?: string; visitorId?: string; ip?: string } = {}) =>
  server.api('/lines/generate', {
    body,
    token: auth.token,
    headers: {
      ...(auth.visitorId ? { 'x-visitor-id': auth.visitorId } : {}),
      ...(auth.ip ? { 'x-forwarded-for': auth.ip } : {}),
    },
  });

async function setCount(subject: string, day: string, count: number) {
  await server.services.ctx.db
    .insert(schema.usageDaily)
    .values({ subject, day, count })
    .onConflictDoUpdate({ target: [schema.usageDaily.subject, schema.usageDaily.day], set: { count } });
}

async function countOf(subject: string): Promise<number> {
  const [row] = await server.services.ctx.db
    .select()
    .from(schema.usageDaily)
    .where(and(eq(schema.usageDaily.subject, subject), eq(schema.usageDaily.day, today())));
  return row?.count ?? 0;
}

async function generationsOf(userId: string): Promise<number> {
  const [row] = await server.services.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.generations)
    .where(eq(schema.generations.userId, userId));
  return row!.n;
}

const subscribe = (user: TestUser, planId: 'pro' | 'business') => grantPlan(server.database, user.id, planId);

describe('daily quota', () => {
  it('the 11th free generation of the day is 429 DAILY_LIMIT_REACHED with the usage', async () => {
    const u = await registerUser(server);
    for (let i = 1; i <= 10; i++) {
      const res = await generate({ category: 'taglines', tone: 'bold' }, { token: u.token });
      expect(res.status).toBe(202);
      expect(res.body.data.usage).toMatchObject({ dailyGenerations: i, remaining: 10 - i, limit: 10, planId: 'free' });
    }
    const eleventh = await generate({ category: 'taglines', tone: 'bold' }, { token: u.token });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({
      success: false,
      code: 'DAILY_LIMIT_REACHED',
      usage: { planId: 'free', dailyGenerations: 10, limit: 10, remaining: 0 },
    });
    expect(eleventh.body.error).toMatch(/10 generations of the Free plan/);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await generationsOf(u.id)).toBe(10);

    const usage = await server.api('/users/usage', { token: u.token });
    expect(usage.status).toBe(200);
    expect(usage.body.data).toMatchObject({ planId: 'free', dailyGenerations: 10, monthlyGenerations: 10, limit: 10, remaining: 0 });
    expect(Date.parse(usage.body.data.resetsAt)).toBe(Date.parse(`${today()}T00:00:00Z`) + 86_400_000);
  });

  it('50 concurrent requests at count 9 let exactly one through', async () => {
    const u = await registerUser(server);
    await setCount(`user-${u.id}`, today(), 9);
    const results = await Promise.all(Array.from({ length: 50 }, () => generate({ category: 'bios', tone: 'funny' }, { token: u.token })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    expect(await countOf(`user-${u.id}`)).toBe(10);
    expect(await generationsOf(u.id)).toBe(1);
  });

  it('resets at midnight UTC: yesterday’s full count does not count today', async () => {
    const u = await registerUser(server);
    await setCount(`user-${u.id}`, yesterday(), 10);
    const res = await generate({ category: 'captions', tone: 'corporate' }, { token: u.token });
    expect(res.status).toBe(202);
    expect(res.body.data.usage).toMatchObject({ dailyGenerations: 1, remaining: 9 });
  });

  it('visitors are counted per client IP under the free plan, whatever their visitor id', async () => {
    const ip = '203.0.113.77';
    await setCount(`ip-${ip}`, today(), 9);
    const first = await generate({ category: 'taglines', tone: 'funny' }, { visitorId: randomUUID(), ip });
    expect(first.status).toBe(202);
    expect(first.body.data.usage).toMatchObject({ planId: 'free', dailyGenerations: 10, remaining: 0 });
    const second = await generate({ category: 'taglines', tone: 'funny' }, { visitorId: randomUUID(), ip });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe('DAILY_LIMIT_REACHED');
    // Another address is another visitor.
    expect((await generate({ category: 'taglines', tone: 'funny' }, { visitorId: randomUUID(), ip: '203.0.113.78' })).status).toBe(202);
    const usage = await server.api('/users/usage', { headers: { 'x-forwarded-for': ip } });
    expect(usage.body.data).toMatchObject({ planId: 'free', dailyGenerations: 10, remaining: 0 });
  });

  it('a signed-out request without a visitor id is refused before it counts', async () => {
    const ip = '203.0.113.90';
    const res = await generate({ category: 'taglines', tone: 'funny' }, { ip });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'X-Visitor-Id' })]);
    expect(await countOf(`ip-${ip}`)).toBe(0);
  });
});

describe('plan gates', () => {
  it.each([
    [{ category: 'quotes', tone: 'bold' }, 'The Inspirational Quotes category needs the Pro plan. Upgrade to use it.'],
    [{ category: 'slogans', tone: 'bold' }, 'The Marketing Slogans category needs the Pro plan. Upgrade to use it.'],
    [{ category: 'taglines', tone: 'romantic' }, 'The romantic tone needs the Pro plan. Upgrade to use it.'],
    [{ category: 'taglines', tone: 'motivational' }, 'The motivational tone needs the Pro plan. Upgrade to use it.'],
    [{ category: 'taglines', tone: 'bold', prompt: 'Use alliteration' }, 'Custom prompts needs the Pro plan. Upgrade to use it.'],
  ])('free plan: %j is 403 PLAN_REQUIRED naming the plan, and is not counted', async (body, message) => {
    const u = await registerUser(server);
    const res = await generate(body, { token: u.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, code: 'PLAN_REQUIRED', error: message, requiredPlan: 'pro' });
    expect(await countOf(`user-${u.id}`)).toBe(0);
    // Visitors are under the same rules.
    const visitor = await generate(body, { visitorId: randomUUID(), ip: '198.51.100.9' });
    expect(visitor.status).toBe(403);
    expect(visitor.body.code).toBe('PLAN_REQUIRED');
  });

  it('the topic is allowed on every plan', async () => {
    const u = await registerUser(server);
    const res = await generate({ category: 'taglines', tone: 'bold', topic: 'Kahawa Coffee, Nairobi' }, { token: u.token });
    expect(res.status).toBe(202);
    const visitor = await generate(
      { category: 'bios', tone: 'funny', topic: 'My bakery' },
      { visitorId: randomUUID(), ip: '198.51.100.10' },
    );
    expect(visitor.status).toBe(202);
  });

  it('a pro user is unlimited, with every category, tone and custom prompts', async () => {
    const u = await registerUser(server);
    await subscribe(u, 'pro');
    for (let i = 1; i <= 12; i++) {
      const res = await generate({ category: 'quotes', tone: 'romantic', prompt: 'Mention the sea', count: 2 }, { token: u.token });
      expect(res.status).toBe(202);
      expect(res.body.data.usage).toMatchObject({ planId: 'pro', dailyGenerations: i, limit: -1, remaining: -1 });
    }
    const usage = await server.api('/users/usage', { token: u.token });
    expect(usage.body.data).toMatchObject({ planId: 'pro', dailyGenerations: 12, limit: -1, remaining: -1 });
  });

  it('an expired subscription is the free plan again', async () => {
    const u = await registerUser(server);
    await server.services.ctx.db
      .insert(schema.subscriptions)
      .values({ userId: u.id, planId: 'pro', status: 'active', currentPeriodEnd: new Date(Date.now() - 1000) });
    const res = await generate({ category: 'quotes', tone: 'bold' }, { token: u.token });
    expect(res.status).toBe(403);
  });
});

describe('abuse limits and availability', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ roles: ['api'], env: { GENERATE_RATE_LIMIT_PER_USER: '3', GENERATE_RATE_LIMIT_PER_IP: '5' } });
  });
  afterAll(async () => limited?.stop());

  it('rate-limits generate per user and per IP with 429 RATE_LIMITED and Retry-After', async () => {
    const u = await registerUser(limited);
    const body = { category: 'taglines', tone: 'bold' };
    const headers = { 'x-forwarded-for': '192.0.2.1' };
    for (let i = 0; i < 3; i++) expect((await limited.api('/lines/generate', { body, token: u.token, headers })).status).toBe(202);
    const fourth = await limited.api('/lines/generate', { body, token: u.token, headers });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('RATE_LIMITED');
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);

    // Per IP: visitors behind one address.
    const ipHeaders = (visitorId: string) => ({ 'x-forwarded-for': '192.0.2.2', 'x-visitor-id': visitorId });
    for (let i = 0; i < 5; i++) expect((await limited.api('/lines/generate', { body, headers: ipHeaders(randomUUID()) })).status).toBe(202);
    const sixth = await limited.api('/lines/generate', { body, headers: ipHeaders(randomUUID()) });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('RATE_LIMITED');
    expect(sixth.headers.get('retry-after')).toBeTruthy();
  });

  it('answers 503 UNAVAILABLE at once when Redis is not ready, and writes nothing', async () => {
    const down = await startTestServer({ roles: ['api'] });
    try {
      const u = await registerUser(down);
      const countBefore = await down.services.ctx.db.select({ n: sql<number>`count(*)::int` }).from(schema.generations);

      // The queue refusing the job after the row was written (Redis answers the add with an error:
      // its meta key has the wrong type): the row is withdrawn and the quota given back.
      const metaKey = `${down.prefix}:generation:meta`;
      const admin = new Redis(TEST_REDIS_URL);
      await admin.set(metaKey, 'not a hash');
      const refused = await down.api('/lines/generate', { body: { category: 'taglines', tone: 'bold' }, token: u.token });
      await admin.del(metaKey);
      admin.disconnect();
      // (The producer connection reconnects after an error reply; let it come back.)
      while (down.services.ctx.redis.status !== 'ready') await new Promise((r) => setTimeout(r, 10));
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('UNAVAILABLE');
      expect(await down.services.ctx.db.select({ n: sql<number>`count(*)::int` }).from(schema.generations)).toEqual(countBefore);
      expect((await down.api('/users/usage', { token: u.token })).body.data.dailyGenerations).toBe(0);
      // It was counted (the day's row exists), then given back.
      const counted = await down.services.ctx.db
        .select()
        .from(schema.usageDaily)
        .where(eq(schema.usageDaily.subject, `user-${u.id}`));
      expect(counted.map((r) => r.count)).toEqual([0]);
      await down.services.ctx.db.delete(schema.usageDaily).where(eq(schema.usageDaily.subject, `user-${u.id}`));

      const redis = down.services.ctx.redis;
      redis.disconnect();
      while (redis.status === 'ready') await new Promise((r) => setTimeout(r, 10));
      const res = await down.api('/lines/generate', { body: { category: 'taglines', tone: 'bold' }, token: u.token });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, code: 'UNAVAILABLE' });
      const countAfter = await down.services.ctx.db.select({ n: sql<number>`count(*)::int` }).from(schema.generations);
      expect(countAfter).toEqual(countBefore);
      const usage = await down.services.ctx.db
        .select()
        .from(schema.usageDaily)
        .where(eq(schema.usageDaily.subject, `user-${u.id}`));
      expect(usage).toEqual([]);
    } finally {
      await down.stop();
    }
  });
});
