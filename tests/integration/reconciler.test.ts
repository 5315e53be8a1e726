import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ABANDON_AFTER_ATTEMPTS, PAYMENT_RECHECK_MS, reconcileOnce } from '@gl/worker/reconciler';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { eventually } from '../helpers/eventually';
import { startPaymentsHarness, statusJobResult, type PaymentsHarness } from '../helpers/payments';
import { clearRedisPrefix, testPrefix } from '../helpers/redis';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket';
import { grantPlan, registerUser } from '../helpers/users';

/**
 * The reconciler's finer cases: work whose job already finished while PostgreSQL says it is not
 * done, and a regeneration (a different job id) lost with Redis's data.
 */
const sockets: TestSocket[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const c of cleanups.reverse()) await c();
}, 60_000);

/** A database and a Redis prefix that several processes (servers) of one test share; dropped afterwards. */
async function sharedStore(): Promise<{ database: TestDatabase; prefix: string }> {
  const database = await createTestDatabase();
  const prefix = testPrefix();
  cleanups.push(async () => {
    await clearRedisPrefix(prefix);
    await database.drop();
  });
  return { database, prefix };
}

describe('reconciler', () => {
  it('checks again an M-Pesa payment whose status check gave up, and the buyer hears the result', async () => {
    const h: PaymentsHarness = await startPaymentsHarness({
      MPESA_STATUS_DELAY_MS: '1500',
      RECONCILE_GRACE_MS: '0',
      RECONCILE_INTERVAL_MS: '600000',
    });
    cleanups.push(() => h.stop());
    const user = await registerUser(h.server);
    const socket = await connectSocket(h.server.url, { token: user.token });
    sockets.push(socket);
    const push = await h.server.api('/payments/mpesa/stk-push', {
      token: user.token,
      body: { planId: 'pro', interval: 'month', phoneNumber: '0712345678' },
    });
    expect(push.status).toBe(200);
    const { paymentId, checkoutRequestID } = push.body.data;
    // The push is older than the status check's 3-minute window, and Daraja still says "processing":
    // the check gives up and leaves the payment pending (no callback has come).
    await h.server.database.query(`update payments set created_at = now() - interval '4 minutes' where id = $1`, [paymentId]);
    expect(await statusJobResult(h.server, paymentId, checkoutRequestID)).toEqual({ outcome: 'gave-up' });
    expect((await h.server.database.query(`select status from payments where id = $1`, [paymentId]))[0].status).toBe('pending');

    // Later Daraja knows the answer. Not straight away (a check that just gave up is not repeated
    // at once), but ten minutes on the reconciler replaces the finished job and asks again.
    h.daraja.setOutcome(checkoutRequestID, { resultCode: '0' });
    expect(await reconcileOnce(h.server.services.ctx)).toMatchObject({ payments: 0 });
    const updated = nextEvent(socket, 'payment:updated', (p: any) => p.paymentId === paymentId, 20_000);
    const later = new Date(Date.now() + PAYMENT_RECHECK_MS + 1000);
    expect(await reconcileOnce(h.server.services.ctx, later)).toMatchObject({ payments: 1 });
    expect(await updated).toMatchObject({ status: 'completed', planId: 'pro' });
    expect((await h.server.api('/subscriptions', { token: user.token })).body.data.currentPlan.id).toBe('pro');

    // Settled: nothing left for the next round.
    expect(await reconcileOnce(h.server.services.ctx)).toMatchObject({ payments: 0 });
  }, 60_000);

  it('gives up on a generation whose worker died on it attempt after attempt, and tells its owner', async () => {
    const { database, prefix } = await sharedStore();
    // No worker: the job waits. The row says nine claims never finished (as if each one killed its worker).
    const api: TestServer = await startTestServer({ roles: ['api'], database, prefix, env: { RECONCILE_GRACE_MS: '0' } });
    cleanups.push(() => api.stop());
    const visitorId = randomUUID();
    const socket = await connectSocket(api.url, { visitorId });
    sockets.push(socket);
    const res = await api.api('/lines/generate', { headers: { 'x-visitor-id': visitorId }, body: { category: 'taglines', tone: 'funny' } });
    expect(res.status).toBe(202);
    const id = res.body.data.generation.id as string;
    await database.query(`update generations set status = 'running', attempts = $2 where id = $1`, [id, ABANDON_AFTER_ATTEMPTS]);

    const failed = nextEvent(socket, 'generation:failed', (p: any) => p.id === id, 10_000);
    expect(await reconcileOnce(api.services.ctx)).toMatchObject({ abandoned: 1, generations: 0 });
    expect((await failed).error).toMatch(/try again/i);
    const stored = await api.api(`/lines/generations/${id}`, { headers: { 'x-visitor-id': visitorId } });
    expect(stored.body.data.generation).toMatchObject({ status: 'failed' });
    // Done with it: the next round leaves it alone.
    expect(await reconcileOnce(api.services.ctx)).toMatchObject({ abandoned: 0, generations: 0 });
  }, 30_000);

  it('recovers a regeneration lost with Redis: one line replaced, the others kept, delivered once', async () => {
    const { database, prefix } = await sharedStore();
    const api: TestServer = await startTestServer({ roles: ['api'], database, prefix });
    cleanups.push(() => api.stop());
    let worker: TestServer = await startTestServer({ roles: ['worker'], database, prefix });

    const user = await registerUser(api);
    await grantPlan(database, user.id, 'pro');
    const socket = await connectSocket(api.url, { token: user.token });
    sockets.push(socket);
    const res = await api.api('/lines/generate', { token: user.token, body: { category: 'quotes', tone: 'inspirational', count: 4 } });
    expect(res.status).toBe(202);
    const id = res.body.data.generation.id as string;
    const first = await nextEvent(socket, 'generation:completed', (p: any) => p.id === id, 20_000);
    await worker.stop();

    // The regeneration is accepted while no worker runs, then Redis loses it.
    const again = await api.api(`/lines/generations/${id}/regenerate`, { token: user.token, body: { index: 2 } });
    expect(again.status).toBe(202);
    await clearRedisPrefix(prefix);

    const completions: any[] = [];
    socket.on('generation:completed', (p: any) => p.id === id && completions.push(p));
    worker = await startTestServer({ roles: ['worker'], database, prefix, env: { RECONCILE_GRACE_MS: '0' } });
    cleanups.push(() => worker.stop());
    await eventually(async () => completions.length === 1, 20_000, 'regeneration delivered');
    await new Promise((r) => setTimeout(r, 500));
    expect(completions).toHaveLength(1);
    const lines = completions[0].lines as string[];
    expect(lines).toHaveLength(4);
    expect([lines[0], lines[1], lines[3]]).toEqual([first.lines[0], first.lines[1], first.lines[3]]);
    expect(lines[2]).not.toBe(first.lines[2]);
    const stored = await api.api(`/lines/generations/${id}`, { token: user.token });
    expect(stored.body.data.generation).toMatchObject({ status: 'completed', lines });
  }, 60_000);

  it('recovers a refinement lost with Redis: the refined line appended once, the others kept', async () => {
    const { database, prefix } = await sharedStore();
    const api: TestServer = await startTestServer({ roles: ['api'], database, prefix });
    cleanups.push(() => api.stop());
    let worker: TestServer = await startTestServer({ roles: ['worker'], database, prefix });

    const user = await registerUser(api);
    const socket = await connectSocket(api.url, { token: user.token });
    sockets.push(socket);
    const res = await api.api('/lines/generate', {
      token: user.token,
      body: { category: 'taglines', tone: 'bold', count: 3, platform: 'sms' },
    });
    expect(res.status).toBe(202);
    const id = res.body.data.generation.id as string;
    const first = await nextEvent(socket, 'generation:completed', (p: any) => p.id === id, 20_000);
    await worker.stop();

    const refine = await api.api(`/lines/generations/${id}/refine`, { token: user.token, body: { index: 1, action: 'punchier' } });
    expect(refine.status).toBe(202);
    await clearRedisPrefix(prefix);

    const completions: any[] = [];
    socket.on('generation:completed', (p: any) => p.id === id && completions.push(p));
    worker = await startTestServer({ roles: ['worker'], database, prefix, env: { RECONCILE_GRACE_MS: '0' } });
    cleanups.push(() => worker.stop());
    await eventually(async () => completions.length === 1, 20_000, 'refinement delivered');
    await new Promise((r) => setTimeout(r, 500));
    expect(completions).toHaveLength(1);
    const lines = completions[0].lines as string[];
    expect(lines).toHaveLength(4);
    expect(lines.slice(0, 3)).toEqual(first.lines);
    const stored = await api.api(`/lines/generations/${id}`, { token: user.token });
    expect(stored.body.data.generation).toMatchObject({
      status: 'completed',
      lines,
      platform: 'sms',
      refinements: [{ index: 3, from: 1, action: 'punchier', language: 'en' }],
    });
  }, 60_000);
});
