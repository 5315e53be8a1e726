import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'] });
});
afterAll(async () => server?.stop());

const DAY = 86_400_000;

async function addGeneration(
  user: TestUser,
  daysAgo: number,
  g: { category?: string; tone?: string; source?: string | null; status?: string } = {},
) {
  const now = new Date();
  const todayNoon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  // Today's rows are stamped "now" so they are never in the future.
  const createdAt = daysAgo === 0 ? now : new Date(todayNoon - daysAgo * DAY);
  await server.services.ctx.db.insert(schema.generations).values({
    userId: user.id,
    subject: `user-${user.id}`,
    planId: 'pro',
    category: g.category ?? 'taglines',
    tone: g.tone ?? 'bold',
    count: 4,
    status: g.status ?? 'completed',
    source: g.source === undefined ? 'openai' : g.source,
    createdAt,
  });
}

const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

describe('usage analytics', () => {
  it('is refused on the free plan with 403 PLAN_REQUIRED, and to visitors with 401', async () => {
    const u = await registerUser(server);
    const res = await server.api('/users/analytics', { token: u.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'pro' });
    expect((await server.api('/users/analytics')).status).toBe(401);
  });

  it('counts the last 30 days by day (zero-filled), category, tone and source, plus the saved count', async () => {
    const u = await registerUser(server);
    const other = await registerUser(server);
    await server.services.ctx.db
      .insert(schema.subscriptions)
      .values({ userId: u.id, planId: 'pro', status: 'active', currentPeriodEnd: new Date(Date.now() + 30 * DAY) });

    await addGeneration(u, 0, { category: 'taglines', tone: 'bold', source: 'openai' });
    await addGeneration(u, 0, { category: 'quotes', tone: 'inspirational', source: 'huggingface' });
    await addGeneration(u, 0, { category: 'quotes', tone: 'bold', source: 'fallback' });
    await addGeneration(u, 0, { category: 'bios', tone: 'funny', source: null, status: 'pending' });
    await addGeneration(u, 0, { category: 'bios', tone: 'funny', source: null, status: 'failed' });
    await addGeneration(u, 5, { category: 'captions', tone: 'romantic', source: 'static_fallback' });
    await addGeneration(u, 5, { category: 'captions', tone: 'romantic', source: 'openai' });
    await addGeneration(u, 29, { category: 'slogans', tone: 'minimalist', source: 'openai' });
    await addGeneration(u, 30, { category: 'adlines', tone: 'corporate', source: 'openai' });
    await addGeneration(u, 45, { category: 'adlines', tone: 'corporate', source: 'openai' });
    await addGeneration(other, 0, { category: 'adlines', tone: 'corporate' });
    for (const text of ['Saved one', 'Saved two']) {
      await server.api('/lines/save', { token: u.token, body: { text, category: 'taglines', tone: 'bold' } });
    }
    await server.api('/lines/save', { token: other.token, body: { text: 'Not counted', category: 'taglines', tone: 'bold' } });

    const res = await server.api('/users/analytics', { token: u.token });
    expect(res.status).toBe(200);
    const a = res.body.data;
    expect(a.periodDays).toBe(30);
    expect(a.days).toHaveLength(30);
    expect(a.from).toBe(utcDay(29));
    expect(a.to).toBe(utcDay(0));
    expect(a.days[0].date).toBe(utcDay(29));
    expect(a.days[29].date).toBe(utcDay(0));
    const byDate = Object.fromEntries(a.days.map((d: { date: string; generations: number }) => [d.date, d.generations]));
    expect(byDate[utcDay(0)]).toBe(4); // failed not counted
    expect(byDate[utcDay(5)]).toBe(2);
    expect(byDate[utcDay(29)]).toBe(1);
    expect(a.days.filter((d: { generations: number }) => d.generations === 0)).toHaveLength(27);
    expect(a.totalGenerations).toBe(7);

    const asMap = (rows: Array<Record<string, string | number>>, key: string) =>
      Object.fromEntries(rows.map((r) => [r[key], r.generations]));
    expect(asMap(a.byCategory, 'category')).toEqual({ taglines: 1, bios: 1, captions: 2, quotes: 2, slogans: 1, adlines: 0 });
    expect(asMap(a.byTone, 'tone')).toEqual({
      funny: 1,
      corporate: 0,
      bold: 2,
      romantic: 2,
      minimalist: 1,
      inspirational: 1,
      motivational: 0,
    });
    expect(asMap(a.bySource, 'source')).toEqual({ openai: 3, huggingface: 1, static_fallback: 1, fallback: 1 });
    expect(a.savedCount).toBe(2);
  });
});
