import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { eventually } from '../helpers/eventually';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startWebhookReceiver, type WebhookReceiver } from '../stubs/webhook-receiver.stub';

/**
 * Issue 34, finding 2 (DESIGN §22: shared worker capacity is fair per account). Before: deliveries
 * shared the worker's slots first come first served, each attempt holding one for up to
 * WEBHOOK_TIMEOUT_MS, so 10 slow endpoints of one tenant and 2 saved lines delayed another tenant's
 * delivery by 45 s.
 */
let server: TestServer;
let receiver: WebhookReceiver;

const SLOW_MS = 9000;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    env: {
      // The worker's delivery slots as small as before, so fairness comes from the per-account limit, not from spare slots.
      WEBHOOK_CONCURRENCY: '4',
      WEBHOOK_TIMEOUT_MS: '10000',
      WEBHOOK_RETRY_BASE_MS: '200',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

async function businessUser(): Promise<TestUser> {
  const user = await registerUser(server);
  await grantPlan(server.database, user.id, 'business');
  await markVerified(server.database, user.id);
  return user;
}

async function addEndpoint(user: TestUser, path: string): Promise<string> {
  const res = await server.api('/webhooks', { body: { url: `${receiver.url}${path}`, events: ['line.saved'] }, token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.endpoint.id as string;
}

async function saveLine(user: TestUser, text: string) {
  const res = await server.api('/lines/save', { body: { text, category: 'taglines', tone: 'funny' }, token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const attemptsAt = (endpointIds: string[]) =>
  server.services.ctx.db.select().from(schema.webhookAttempts).where(inArray(schema.webhookAttempts.endpointId, endpointIds));

describe('fair webhook delivery', () => {
  it("one tenant's 10 slow endpoints do not hold up another tenant's event", async () => {
    const slow = await businessUser();
    const slowIds: string[] = [];
    for (let i = 0; i < 10; i++) slowIds.push(await addEndpoint(slow, `/slow-${i}`));
    const other = await businessUser();
    await addEndpoint(other, '/other');
    receiver.behave((r) => (r.path.startsWith('/slow-') ? { status: 200, afterMs: SLOW_MS } : 200));

    // 2 saved lines: 20 deliveries to endpoints that answer after 9 s.
    await saveLine(slow, 'Slow line one');
    await saveLine(slow, 'Slow line two');
    await receiver.waitFor(1, (r) => r.path.startsWith('/slow-'));

    await saveLine(other, 'The other tenant');
    // The bound: the other tenant's event arrives within 2 s...
    const [hook] = await eventually(async () => {
      const got = receiver.received.filter((r) => r.path === '/other');
      return got.length > 0 ? got : undefined;
    }, 2000);
    expect(hook!.raw).toContain('The other tenant');
    // ...while the slow tenant's first attempts are still waiting for their answers.
    expect(await attemptsAt(slowIds)).toEqual([]);

    // The slow tenant never had more attempts open at once than its account allows, nor more than one per endpoint.
    const perAccount = receiver.peakOpen((p) => (p.startsWith('/slow-') ? 'slow' : undefined));
    expect(perAccount.get('slow')).toBeLessThanOrEqual(server.config.WEBHOOK_IN_FLIGHT_PER_ACCOUNT);
    const perEndpoint = receiver.peakOpen((p) => (p.startsWith('/slow-') ? p : undefined));
    expect(Math.max(...perEndpoint.values())).toBeLessThanOrEqual(server.config.WEBHOOK_IN_FLIGHT_PER_ENDPOINT);

    // Nothing more for the slow tenant: its queued deliveries end without sending.
    for (const id of slowIds) await server.api(`/webhooks/${id}`, { method: 'DELETE', token: slow.token });
  });

  it('a first attempt gives up after WEBHOOK_FIRST_TIMEOUT_MS; the retry waits WEBHOOK_TIMEOUT_MS', async () => {
    const user = await businessUser();
    const id = await addEndpoint(user, '/sluggish');
    receiver.behave((r) => (r.path === '/sluggish' ? { status: 200, afterMs: 4000 } : 200));
    await saveLine(user, 'Take your time');
    const attempts = await eventually(async () => {
      const rows = await attemptsAt([id]);
      return rows.some((a) => a.outcome === 'succeeded') ? rows.sort((a, b) => a.attempt - b.attempt) : undefined;
    }, 30_000);
    expect(attempts.map((a) => [a.attempt, a.outcome, a.error])).toEqual([
      [1, 'failed', 'timed out after 3 s'],
      [2, 'succeeded', null],
    ]);
  });
});
