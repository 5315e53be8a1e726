import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_DAYS_MAX, CAMPAIGN_PLATFORMS_MAX, CAMPAIGNS_RUNNING_MAX, getPlan, utcToday } from '@gl/core';
import { schema } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, registerUser, type TestUser } from '../helpers/users';

/**
 * Every request that creates work is charged for all of it (DESIGN §22). A campaign: one generate
 * point per line, at most CAMPAIGNS_RUNNING_MAX campaigns being written per account, and a daily
 * budget of campaign lines per plan; a tone comparison: one point per tone. Each refusal is the
 * error envelope, and nothing of a refused request is recorded.
 */

const PER_USER = 60;
const FOUR_PLATFORMS = ['instagram_caption', 'x_post', 'linkedin_headline', 'sms'].slice(0, CAMPAIGN_PLATFORMS_MAX);

/** A campaign of `days` × `platforms` lines starting today. */
const campaignBody = (days: number, platforms = 1) => ({
  startsOn: utcToday(),
  days,
  platforms: FOUR_PLATFORMS.slice(0, platforms),
  tone: 'bold',
  topic: 'Mama Njeri Groceries, fresh sukuma wiki daily',
});

async function proUser(on: TestServer): Promise<TestUser> {
  const user = await registerUser(on);
  await grantPlan(on.database, user.id, 'pro');
  return user;
}

async function campaignsOf(on: TestServer, user: TestUser): Promise<number> {
  const [row] = await on.services.ctx.db.select({ n: count() }).from(schema.campaigns).where(eq(schema.campaigns.userId, user.id));
  return Number(row!.n);
}

async function generationsOf(on: TestServer, user: TestUser): Promise<number> {
  const [row] = await on.services.ctx.db.select({ n: count() }).from(schema.generations).where(eq(schema.generations.userId, user.id));
  return Number(row!.n);
}

/** Marks the user's running campaigns completed (as the worker does once every line was tried). */
async function finishCampaigns(on: TestServer, user: TestUser): Promise<void> {
  await on.services.ctx.db
    .update(schema.campaigns)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(schema.campaigns.userId, user.id), eq(schema.campaigns.status, 'running')));
}

describe('the generate limiter counts one point per campaign line', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No worker: the campaigns stay recorded and nothing else spends points.
    server = await startTestServer({
      roles: ['api'],
      env: { GENERATE_RATE_LIMIT_PER_USER: String(PER_USER), GENERATE_RATE_LIMIT_PER_IP: '1000' },
    });
  });
  afterAll(async () => server?.stop());

  it('a campaign of 56 lines costs 56 points: the minute has 4 generations left after it', async () => {
    const user = await proUser(server);
    const full = await server.api('/campaigns', { token: user.token, body: campaignBody(CAMPAIGN_DAYS_MAX, CAMPAIGN_PLATFORMS_MAX) });
    expect(full.status, JSON.stringify(full.body)).toBe(202);
    const cells = CAMPAIGN_DAYS_MAX * CAMPAIGN_PLATFORMS_MAX;
    expect(full.body.data.total).toBe(cells);
    const statuses: number[] = [];
    for (let i = 0; i < PER_USER - cells + 1; i++) {
      statuses.push((await server.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold' } })).status);
    }
    expect(statuses.slice(0, PER_USER - cells)).toEqual(Array(PER_USER - cells).fill(202));
    expect(statuses.at(-1)).toBe(429);
  });

  it('a campaign that needs more points than are left is 429 with the envelope, and nothing is recorded or counted', async () => {
    const user = await proUser(server);
    for (let i = 0; i < PER_USER - 4; i++) {
      expect((await server.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold' } })).status).toBe(202);
    }
    const usageBefore = (await server.api('/users/usage', { token: user.token })).body.data.dailyGenerations;
    const generationsBefore = await generationsOf(server, user);
    const res = await server.api('/campaigns', { token: user.token, body: campaignBody(2, 4) });
    expect(res.status, JSON.stringify(res.body)).toBe(429);
    expect(res.body).toMatchObject({ success: false, code: 'RATE_LIMITED', error: expect.stringMatching(/Too many generation requests/) });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await campaignsOf(server, user)).toBe(0);
    expect(await generationsOf(server, user)).toBe(generationsBefore);
    expect((await server.api('/users/usage', { token: user.token })).body.data.dailyGenerations).toBe(usageBefore);
    // The refused campaign did not spend the points that are left: a campaign that fits them is taken.
    const fits = await server.api('/campaigns', { token: user.token, body: campaignBody(1, 3) });
    expect(fits.status, JSON.stringify(fits.body)).toBe(202);
  });
});

describe('a tone comparison counts one point per tone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      roles: ['api'],
      env: { GENERATE_RATE_LIMIT_PER_USER: String(PER_USER), GENERATE_RATE_LIMIT_PER_IP: '1000' },
    });
  });
  afterAll(async () => server?.stop());

  it('three tones cost three points; short of them, 429 and nothing started', async () => {
    const user = await proUser(server);
    const generate = () => server.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold' } });
    const compare = (tones: string[]) => server.api('/lines/compare', { token: user.token, body: { category: 'taglines', tones } });
    for (let i = 0; i < PER_USER - 5; i++) expect((await generate()).status).toBe(202);
    expect((await compare(['bold', 'funny', 'corporate'])).status).toBe(202);
    // Two points left: a comparison of three is refused whole (it spends the one point any request
    // spends before its body is read), and the one point left is one generation.
    const before = await generationsOf(server, user);
    const refused = await compare(['bold', 'funny', 'corporate']);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(await generationsOf(server, user)).toBe(before);
    expect((await generate()).status).toBe(202);
    expect((await generate()).status).toBe(429);
  });
});

describe('campaigns being written at once, and the daily budget of campaign lines', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      roles: ['api'],
      env: { GENERATE_RATE_LIMIT_PER_USER: '100000', GENERATE_RATE_LIMIT_PER_IP: '100000' },
    });
  });
  afterAll(async () => server?.stop());

  it(`at most ${CAMPAIGNS_RUNNING_MAX} campaigns are written at once per account, concurrent requests included; the next is 409`, async () => {
    const user = await proUser(server);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => server.api('/campaigns', { token: user.token, body: campaignBody(1, 1) })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(CAMPAIGNS_RUNNING_MAX).fill(202), ...Array(6 - CAMPAIGNS_RUNNING_MAX).fill(409)]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: `You already have ${CAMPAIGNS_RUNNING_MAX} campaigns being written. Please wait for one to finish, then plan the next.`,
    });
    expect(await campaignsOf(server, user)).toBe(CAMPAIGNS_RUNNING_MAX);
    expect(await generationsOf(server, user)).toBe(CAMPAIGNS_RUNNING_MAX);
    // Once one has finished, the next is taken.
    await finishCampaigns(server, user);
    expect((await server.api('/campaigns', { token: user.token, body: campaignBody(1, 1) })).status).toBe(202);
  });

  it('each plan with campaigns has a daily budget of campaign lines; past it 429 DAILY_LIMIT_REACHED, nothing recorded', async () => {
    const pro = getPlan('pro').limits.campaignLinesPerDay;
    const business = getPlan('business').limits.campaignLinesPerDay;
    expect(getPlan('free').limits.campaignLinesPerDay).toBe(0);
    expect(pro).toBeGreaterThanOrEqual(CAMPAIGN_DAYS_MAX * CAMPAIGN_PLATFORMS_MAX);
    expect(business).toBeGreaterThan(pro);
    const full = CAMPAIGN_DAYS_MAX * CAMPAIGN_PLATFORMS_MAX;

    const user = await proUser(server);
    let used = 0;
    while (pro - used >= full) {
      const res = await server.api('/campaigns', { token: user.token, body: campaignBody(CAMPAIGN_DAYS_MAX, CAMPAIGN_PLATFORMS_MAX) });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      used += full;
      await finishCampaigns(server, user);
    }
    const left = pro - used;
    const campaignsBefore = await campaignsOf(server, user);
    const generationsBefore = await generationsOf(server, user);
    const over = await server.api('/campaigns', { token: user.token, body: campaignBody(left + 1, 1) });
    expect(over.status, JSON.stringify(over.body)).toBe(429);
    expect(over.body).toMatchObject({
      success: false,
      code: 'DAILY_LIMIT_REACHED',
      error: `This campaign needs ${left + 1} lines, but only ${left} of today's ${pro} campaign lines are left on the Pro plan. Plan fewer days or platforms, or come back after midnight, your time.`,
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await campaignsOf(server, user)).toBe(campaignsBefore);
    expect(await generationsOf(server, user)).toBe(generationsBefore);
    // What is left can still be planned; an account in Kiswahili reads the refusal in Kiswahili.
    if (left > 0) expect((await server.api('/campaigns', { token: user.token, body: campaignBody(left, 1) })).status).toBe(202);
    await finishCampaigns(server, user);
    await server.services.ctx.db.update(schema.users).set({ language: 'sw' }).where(eq(schema.users.id, user.id));
    const sw = await server.api('/campaigns', { token: user.token, body: campaignBody(1, 1) });
    expect(sw.status).toBe(429);
    expect(sw.body.code).toBe('DAILY_LIMIT_REACHED');
    expect(sw.body.error).toMatch(/kampeni/i);

    // Another account has its own budget.
    const other = await proUser(server);
    expect((await server.api('/campaigns', { token: other.token, body: campaignBody(1, 1) })).status).toBe(202);
  });
});
