import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster, type RoleProcess } from '../helpers/cluster';
import { mpesaEnv, startTestDaraja } from '../helpers/payments';
import { eventually } from '../helpers/eventually';
import { apiClient, type ApiClient } from '../helpers/server';
import { connectSocket, nextEvent, recordEvents, type TestSocket } from '../helpers/socket';
import { registerUser } from '../helpers/users';
import type { DarajaStub } from '@gl/simulators';

/**
 * Horizontal scale on one machine: two api processes and two worker processes share one
 * PostgreSQL database and one Redis. Socket.IO rooms span the api processes (Redis adapter and
 * emitter), so whichever process accepts work or receives a callback, the user's socket hears it.
 */
let cluster: Cluster;
let daraja: DarajaStub;
let processes: RoleProcess[];
const sockets: TestSocket[] = [];
let apiA: RoleProcess;
let apiB: RoleProcess;
let a: ApiClient;
let b: ApiClient;

beforeAll(async () => {
  daraja = await startTestDaraja();
  cluster = await startCluster({
    apis: 2,
    workers: 2,
    env: ({ apiUrls }) => ({
      // Daraja calls back to api B only (the load balancer's choice, as far as we are concerned).
      ...mpesaEnv(daraja.url, apiUrls[1]!),
      // The delayed status check must not be what completes the payment: the callback is.
      MPESA_STATUS_DELAY_MS: '600000',
    }),
  });
  processes = cluster.processes;
  [apiA, apiB] = cluster.apis as [RoleProcess, RoleProcess];
  a = apiClient(apiA.url);
  b = apiClient(apiB.url);
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await cluster?.stop();
  await daraja?.close();
}, 60_000);

describe('two api processes and two workers', () => {
  it('each process serves health on its own port', async () => {
    expect(new Set(processes.map((p) => p.handle.child.pid)).size).toBe(4);
    for (const api of [a, b]) {
      const health = await api.api('/health');
      expect(health.status).toBe(200);
    }
  });

  it('a socket on api A receives every generation requested through api B, each completed once', async () => {
    const user = await registerUser(a);
    const socket = await connectSocket(apiA.url, { token: user.token });
    sockets.push(socket);
    const events = recordEvents(socket, ['generation:started', 'generation:completed', 'generation:failed']);

    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await b.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold', topic: `Kettle ${i}` } });
      expect(res.status).toBe(202);
      ids.push(res.body.data.generation.id);
    }
    const heard = () => new Set(events.filter((e) => e.event === 'generation:completed').map((e) => e.payload.id));
    await eventually(async () => ids.every((id) => heard().has(id)), 60_000, 'every completion heard on api A');
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive here

    for (const id of ids) {
      const completed = events.filter((e) => e.event === 'generation:completed' && e.payload.id === id);
      expect(completed, `generation ${id}`).toHaveLength(1);
      expect(completed[0]!.payload.lines).toHaveLength(4);
    }
    expect(events.filter((e) => e.event === 'generation:failed')).toHaveLength(0);

    // Either api process reads the same truth from PostgreSQL.
    const fromA = await a.api(`/lines/generations/${ids[0]}`, { token: user.token });
    expect(fromA.status).toBe(200);
    expect(fromA.body.data.generation.status).toBe('completed');
  }, 90_000);

  it('an M-Pesa callback received by api B reaches the buyer connected to api A; the plan changes for both', async () => {
    const user = await registerUser(a);
    const socket = await connectSocket(apiA.url, { token: user.token });
    sockets.push(socket);

    const push = await a.api('/payments/mpesa/stk-push', {
      token: user.token,
      body: { planId: 'pro', interval: 'month', phoneNumber: '0712345678' },
    });
    expect(push.status).toBe(200);
    const { checkoutRequestID, paymentId } = push.body.data;
    const record = daraja.pushes.find((p) => p.checkoutRequestID === checkoutRequestID)!;
    expect(new URL(record.body.CallBackURL).port).toBe(new URL(apiB.url).port);

    const updated = nextEvent(socket, 'payment:updated', (p: any) => p.paymentId === paymentId && p.status === 'completed', 30_000);
    const subscription = nextEvent(socket, 'subscription:updated', (p: any) => p.currentPlan.id === 'pro', 30_000);
    const answer = await daraja.fireCallback(checkoutRequestID, 0);
    expect(answer.status).toBe(200);
    expect(await updated).toMatchObject({ provider: 'mpesa', planId: 'pro', resultCode: '0' });
    await subscription;

    for (const api of [a, b]) {
      const subs = await api.api('/subscriptions', { token: user.token });
      expect(subs.body.data.currentPlan.id).toBe('pro');
    }
  }, 60_000);
});
