import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster, type RoleProcess } from '../helpers/cluster';
import { apiClient, type ApiClient } from '../helpers/server';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket';
import { grantPlan, markVerified, registerUser } from '../helpers/users';
import { watchApproval } from '../helpers/approvals';

/**
 * An approval link's live events cross api processes: the client page watching on api B hears a
 * decision taken through api A (Redis emitter and adapter), and so does the creator's socket there.
 */
let cluster: Cluster;
let apiA: RoleProcess;
let apiB: RoleProcess;
let a: ApiClient;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  cluster = await startCluster({ apis: 2, workers: 1 });
  [apiA, apiB] = cluster.apis as [RoleProcess, RoleProcess];
  a = apiClient(apiA.url);
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await cluster?.stop();
}, 60_000);

describe('approval events on two api processes', () => {
  it('reach the creator and the watching page on the other process', async () => {
    const bea = await registerUser(a, { name: 'Bea' });
    await grantPlan(cluster.database, bea.id, 'business');
    await markVerified(cluster.database, bea.id);
    const saved = await a.api('/lines/save', { body: { text: 'Across processes', category: 'taglines', tone: 'bold' }, token: bea.token });
    const created = await a.api('/approvals', {
      body: { title: 'Cluster', source: { savedLineIds: [saved.body.data.savedLine.id] } },
      token: bea.token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, token } = created.body.data;

    const creatorOnB = await connectSocket(apiB.url, { token: bea.token });
    const pageOnB = await connectSocket(apiB.url, { visitorId: randomUUID() });
    sockets.push(creatorOnB, pageOnB);
    expect(await watchApproval(pageOnB, token)).toEqual({ ok: true });

    const [line] = (await a.api(`/public/approvals/${token}`)).body.data.lines;
    const decided = nextEvent(creatorOnB, 'approval:decided', (p: any) => p.approvalId === id);
    const shown = nextEvent(pageOnB, 'approval:line', (p: any) => p.line.id === line.id);
    const res = await a.api(`/public/approvals/${token}/decisions`, {
      body: { reviewerName: 'Nia', decisions: [{ lineId: line.id, decision: 'approve' }] },
    });
    expect(res.status).toBe(200);
    expect(await decided).toMatchObject({ lineId: line.id, state: 'approved', reviewerName: 'Nia' });
    expect(await shown).toEqual({ line: { id: line.id, text: 'Across processes', platform: null, state: 'approved', version: 1 } });
  });
});
