import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, payWithMpesa, useBillingHarness } from '../helpers/billing';
import { eventually } from '../helpers/eventually';
import { billingCounts, rows } from '../helpers/payments';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent } from '../helpers/socket';
import { registerUser, type TestUser } from '../helpers/users';

// The sweep runs every 300 ms in two workers (the harness's own and a second worker process role).
const SWEEP = { BILLING_SWEEP_INTERVAL_MS: '300' };
const b = useBillingHarness(SWEEP);
let second: TestServer;

beforeAll(async () => {
  second = await startTestServer({
    roles: ['worker'],
    database: b.h.server.database,
    prefix: b.h.server.prefix,
    env: { ...SWEEP, SMTP_URL: b.smtp.url },
  });
});
afterAll(async () => {
  await second?.stop();
});

const endIn = (server: TestServer, userId: string, ms: number) =>
  rows(
    server,
    sql`update subscriptions set current_period_end = ${new Date(Date.now() + ms).toISOString()}::timestamptz where user_id = ${userId} and status = 'active'`,
  );
const notices = (server: TestServer, userId: string) =>
  rows<{ kind: string; status: string }>(
    server,
    sql`select kind, status from billing_notices where user_id = ${userId} order by created_at`,
  );
const mailsTo = (user: TestUser, subject: string) =>
  b.smtp.received.filter((m) => m.envelope.to.includes(user.email) && m.subject.includes(subject));
const settle = () => new Promise((r) => setTimeout(r, 1200)); // a few sweeps of both workers, before counting duplicates

describe('billing sweep (two workers, time moved in PostgreSQL)', () => {
  it('reminds 7 days and 1 day before the end, each once, then falls back to free with an e-mail and a live update', async () => {
    const user = await registerUser(b.h.server);
    await payWithMpesa(b.h, user, 'pro');

    await endIn(b.h.server, user.id, 6 * DAY_MS + 12 * 3_600_000);
    await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject === 'Your Genius Lines plan ends in 7 days');
    await settle();
    expect(mailsTo(user, 'ends in 7 days')).toHaveLength(1);

    await endIn(b.h.server, user.id, 20 * 3_600_000);
    await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject === 'Your Genius Lines plan ends in 1 day');
    await settle();
    expect(mailsTo(user, 'ends in 1 day')).toHaveLength(1);
    expect(mailsTo(user, 'ends in 7 days')).toHaveLength(1);

    const socket = await connectSocket(b.h.server.url, { token: user.token });
    try {
      const update = nextEvent(socket, 'subscription:updated');
      await endIn(b.h.server, user.id, -60_000);
      const event = await update;
      expect(event.currentPlan.id).toBe('free');
      expect(event.subscription).toBeNull();
    } finally {
      socket.disconnect();
    }
    await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject === 'Your Genius Lines plan has ended');
    await settle();
    expect(mailsTo(user, 'has ended')).toHaveLength(1);
    expect((await notices(b.h.server, user.id)).map((n) => n.kind)).toEqual(['receipt', 'reminder-7', 'reminder-1', 'expired']);
    const billing = await b.h.server.api('/billing', { token: user.token });
    expect(billing.body.data).toMatchObject({ currentPlan: { id: 'free' }, subscription: null });
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ activeSubscriptions: 0 });
  });

  it('a plan that is paid again before the end is not reminded for the old period and does not lapse', async () => {
    const user = await registerUser(b.h.server);
    await payWithMpesa(b.h, user, 'pro');
    await endIn(b.h.server, user.id, 3 * DAY_MS);
    await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject.includes('ends in 7 days'));
    await payWithMpesa(b.h, user, 'pro');
    const [sub] = await rows(b.h.server, sql`select * from subscriptions where user_id = ${user.id} and status = 'active'`);
    expect(new Date(sub.current_period_end).getTime()).toBeGreaterThan(Date.now() + 30 * DAY_MS);
    await settle();
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ activeSubscriptions: 1 });
    expect(mailsTo(user, 'ends in 1 day')).toHaveLength(0);
  });

  it('at the end of the period a scheduled lower plan takes over instead of free', async () => {
    const user = await registerUser(b.h.server);
    await payWithMpesa(b.h, user, 'business');
    await payWithMpesa(b.h, user, 'pro');
    await endIn(b.h.server, user.id, -1000);
    const billing = await eventually(async () => {
      const res = await b.h.server.api('/billing', { token: user.token });
      return res.body.data.currentPlan.id === 'pro' ? res.body.data : undefined;
    });
    expect(billing).toMatchObject({ subscription: { planId: 'pro', status: 'active' }, scheduled: null });
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ activeSubscriptions: 1 });
    expect(mailsTo(user, 'has ended')).toHaveLength(0);
  });
});
