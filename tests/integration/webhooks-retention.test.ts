import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { eventually } from '../helpers/eventually';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser } from '../helpers/users';

/**
 * Issue 34, finding 11: webhook attempts (and the finished deliveries they belong to, whose
 * payloads hold line texts) are kept 30 days, pruned on the billing sweep's schedule. Time is moved
 * in PostgreSQL; the sweep runs every 200 ms here.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { BILLING_SWEEP_INTERVAL_MS: '200' } });
});
afterAll(async () => {
  await server?.stop();
});

const DAY_MS = 24 * 3600_000;
const db = () => server.services.ctx.db;

describe('webhook history retention', () => {
  it('prunes attempts and finished deliveries older than 30 days; keeps newer ones and pending deliveries', async () => {
    const user = await registerUser(server);
    await grantPlan(server.database, user.id, 'business');
    await markVerified(server.database, user.id);
    const created = await server.api('/webhooks', { body: { url: 'http://127.0.0.1:9/kept', events: ['line.saved'] }, token: user.token });
    expect(created.status).toBe(201);
    const endpointId = created.body.data.endpoint.id as string;

    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    // The delivery and its attempt in one transaction: the sweep (every 200 ms) sees both or neither.
    const delivery = (key: string, status: string, createdAt: Date, finishedAt: Date | null) =>
      db().transaction(async (tx) => {
        const [row] = await tx
          .insert(schema.webhookDeliveries)
          .values({
            endpointId,
            userId: user.id,
            eventType: 'line.saved',
            eventKey: key,
            payload: { type: 'line.saved', timestamp: createdAt.toISOString(), data: { text: key } },
            status,
            attempts: 1,
            createdAt,
            finishedAt,
          })
          .returning();
        await tx
          .insert(schema.webhookAttempts)
          .values({ deliveryId: row!.id, endpointId, attempt: 1, outcome: 'failed', error: 'HTTP 500', durationMs: 5, createdAt });
        return row!.id;
      });
    const old = await delivery('old', 'delivered', ago(31), ago(31));
    const oldFailed = await delivery('old-failed', 'failed', ago(40), ago(39));
    const recent = await delivery('recent', 'delivered', ago(29), ago(29));
    // Still pending (the endpoint failing for a long time): its delivery stays, its old attempt goes.
    const pending = await delivery('pending', 'pending', ago(35), null);

    const deliveries = async () =>
      (await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.endpointId, endpointId)))
        .map((d) => d.id)
        .sort();
    const attempts = async () =>
      (await db().select().from(schema.webhookAttempts).where(eq(schema.webhookAttempts.endpointId, endpointId))).map((a) => a.deliveryId);

    await eventually(async () => (await deliveries()).length === 2);
    expect(await deliveries()).toEqual([recent, pending].sort());
    // Every attempt older than 30 days is gone (the pending delivery's too); the recent one stays.
    const cutoff = Date.now() - 30 * DAY_MS;
    await eventually(async () => {
      const rows = await db().select().from(schema.webhookAttempts).where(eq(schema.webhookAttempts.endpointId, endpointId));
      return rows.every((a) => a.createdAt.getTime() > cutoff);
    });
    expect(await attempts()).toContain(recent);
    expect(await attempts()).not.toContain(old);
    expect(await attempts()).not.toContain(oldFailed);
  });
});
