/**
 * The analytics chart and the team's monthly counts use the person's own calendar (users.time_zone,
 * the quota's zone, DESIGN.md §20), not UTC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, subjectCalendar, usageSubject } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { ownerWithTeam } from '../helpers/teams';
import { grantPlan, registerUser, type TestUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'] });
});
afterAll(async () => server?.stop());

const setZone = async (u: TestUser, timeZone: string) =>
  expect((await server.api('/account/time-zone', { method: 'PATCH', token: u.token, body: { timeZone } })).status).toBe(200);
const localDate = (d: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(d);

async function addGeneration(user: TestUser, createdAt: Date) {
  await server.services.ctx.db.insert(schema.generations).values({
    userId: user.id,
    subject: `user-${user.id}`,
    planId: 'pro',
    category: 'taglines',
    tone: 'bold',
    count: 4,
    status: 'completed',
    source: 'openai',
    createdAt,
  });
}

/** The latest moment at hh:mm UTC that is already past. */
function lastUtc(hours: number, minutes: number): Date {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes));
  return at > now ? new Date(at.getTime() - 86_400_000) : at;
}

describe('the analytics chart counts the person’s local days', () => {
  it.each([
    ['Africa/Nairobi', 23, 30, 1],
    ['Pacific/Honolulu', 9, 30, -1],
  ])('in %s, a generation at %i:%i UTC counts on its local day (%i from its UTC date)', async (timeZone, h, m, shift) => {
    const u = await registerUser(server);
    await grantPlan(server.database, u.id, 'pro');
    await setZone(u, timeZone);
    const at = lastUtc(h, m);
    await addGeneration(u, at);
    const utcDay = at.toISOString().slice(0, 10);
    const local = localDate(at, timeZone);
    expect(local).not.toBe(utcDay);
    expect(new Date(`${local}T00:00:00Z`).getTime() - new Date(`${utcDay}T00:00:00Z`).getTime()).toBe(shift * 86_400_000);

    const a = (await server.api('/users/analytics', { token: u.token })).body.data;
    expect(a.to).toBe(localDate(new Date(), timeZone));
    const byDate = Object.fromEntries(a.days.map((d: { date: string; generations: number }) => [d.date, d.generations]));
    expect(byDate[local]).toBe(1);
    expect(byDate[utcDay] ?? 0).toBe(0);
    expect(a.totalGenerations).toBe(1);
  });

  it('the window starts at the local midnight 29 days before today', async () => {
    const u = await registerUser(server);
    await grantPlan(server.database, u.id, 'pro');
    await setZone(u, 'Africa/Nairobi');
    const first = (await server.api('/users/analytics', { token: u.token })).body.data.from as string;
    // Nairobi is UTC+3 all year: its midnight is 21:00 UTC the day before.
    const midnight = new Date(new Date(`${first}T00:00:00Z`).getTime() - 3 * 3_600_000);
    await addGeneration(u, new Date(midnight.getTime() - 60_000));
    await addGeneration(u, new Date(midnight.getTime() + 60_000));
    const a = (await server.api('/users/analytics', { token: u.token })).body.data;
    expect(a.days[0]).toEqual({ date: first, generations: 1 });
    expect(a.totalGenerations).toBe(1);
  });
});

describe('the team’s monthly counts use the viewer’s local month', () => {
  it('the calendar of a zone: 21:30 UTC on 30 November is 1 December in Nairobi, still November in UTC and Honolulu', async () => {
    const [nairobi, utc, honolulu] = await Promise.all(
      [
        ['Africa/Nairobi', '2026-11-30T21:30:00Z'],
        ['UTC', '2026-11-30T21:30:00Z'],
        ['Pacific/Honolulu', '2026-12-01T05:00:00Z'],
      ].map(async ([timeZone, now]) => {
        const u = await registerUser(server);
        await setZone(u, timeZone!);
        return subjectCalendar(server.services.ctx.db, usageSubject({ userId: u.id }), new Date(now!));
      }),
    );
    expect(nairobi).toEqual({ timeZone: 'Africa/Nairobi', today: '2026-12-01', monthStart: '2026-12-01' });
    expect(utc).toEqual({ timeZone: 'UTC', today: '2026-11-30', monthStart: '2026-11-01' });
    expect(honolulu).toEqual({ timeZone: 'Pacific/Honolulu', today: '2026-11-30', monthStart: '2026-11-01' });
  });

  it('GET /teams/:id/usage counts from the first day of the viewer’s local month', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    await setZone(owner, 'Africa/Nairobi');
    const monthStart = `${localDate(new Date(), 'Africa/Nairobi').slice(0, 8)}01`;
    const dayBefore = new Date(new Date(`${monthStart}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
    await server.services.ctx.db.insert(schema.usageDaily).values([
      { subject: `user-${owner.id}`, day: monthStart, count: 3 },
      { subject: `user-${owner.id}`, day: dayBefore, count: 5 },
    ]);
    const usage = (await server.api(`/teams/${teamId}/usage`, { token: owner.token })).body.data;
    expect(usage.since).toBe(monthStart);
    expect(usage.members).toEqual([expect.objectContaining({ userId: owner.id, generations: 3 })]);
    expect(usage.total).toBe(3);
  });
});
