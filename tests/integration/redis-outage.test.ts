import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterEnv, startRole, type RoleProcess } from '../helpers/cluster';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { eventually } from '../helpers/eventually';
import { startPrivateRedis, type PrivateRedis } from '../helpers/redis-server';
import { testPrefix } from '../helpers/redis';
import { apiClient, type ApiClient } from '../helpers/server';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket';
import { grantPlan, markVerified, registerUser } from '../helpers/users';

/**
 * A Redis outage never ends a process. The compiled api runs as its own process (as in production,
 * with its process-level safety net) against a private redis-server this test starts, stops and
 * starts again. While Redis is down, sign-outs, password changes and the other actions that publish
 * realtime events still answer, the process keeps serving, work that needs Redis answers 503, and
 * once Redis is back everything works again without a restart.
 */
let database: TestDatabase;
let redis: PrivateRedis;
let api: RoleProcess;
let client: ApiClient;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await startPrivateRedis();
  api = await startRole('api', clusterEnv({ databaseUrl: database.url, redisUrl: redis.url, prefix: testPrefix() }));
  client = apiClient(api.url);
}, 90_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await api?.stop();
  await redis?.stop();
  await database?.drop();
}, 60_000);

const alive = () => api.handle.child.exitCode === null && api.handle.child.signalCode === null;

describe('Redis goes down under a running api process', () => {
  it('sign-outs and other emits still answer, the process keeps serving (503 where Redis is needed), and it recovers by itself', async () => {
    const alice = await registerUser(client, { password: 'alice-password' });
    const bob = await registerUser(client, { password: 'bob-password' });
    const aliceLaptop = (await client.api('/auth/login', { body: { email: alice.email, password: 'alice-password' } })).body.data;
    const bobSocket = await connectSocket(api.url, { token: bob.token });
    sockets.push(bobSocket);
    const bobClosed = new Promise<string>((resolve) => bobSocket.once('disconnect', (reason) => resolve(reason)));

    await redis.stop();
    const down = await eventually(async () => {
      const h = await client.api('/health');
      return h.status === 503 ? h : undefined;
    }, 10_000);
    expect(down.body.data.redis.status).toBe('down');

    // Every action that publishes a realtime event (a socket disconnect, an account update) answers as usual.
    const logout = await client.api('/auth/logout', { body: { refreshToken: aliceLaptop.refreshToken } });
    expect(logout.status).toBe(200);
    const everywhere = await client.api('/auth/logout-all', { method: 'POST', token: bob.token });
    expect(everywhere.status).toBe(200);
    // Bob's socket on this process is closed without Redis.
    expect(await bobClosed).toBe('io server disconnect');
    const changed = await client.api('/users/change-password', {
      token: alice.token,
      body: { currentPassword: 'alice-password', newPassword: 'alice-new-password' },
    });
    expect(changed.status).toBe(200);
    const sessions = (await client.api('/auth/sessions', { token: changed.body.data.token })).body.data.sessions as Array<{ id: string }>;
    expect(sessions).toHaveLength(1);
    const renamed = await client.api('/users/profile', { method: 'PUT', token: changed.body.data.token, body: { name: 'Alice A.' } });
    expect(renamed.status).toBe(200);

    // Work that needs the queue: a clear 503, nothing accepted.
    const generate = await client.api('/lines/generate', {
      token: changed.body.data.token,
      body: { category: 'taglines', tone: 'bold', topic: 'Tea' },
    });
    expect(generate.status).toBe(503);
    expect(generate.body).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect(generate.body.error).toMatch(/try again/i);

    // Still the same process, still serving; every failed publish was handled where it happened.
    expect(alive()).toBe(true);
    expect((await client.api('/auth/me', { token: changed.body.data.token })).status).toBe(200);
    expect(api.handle.output()).not.toMatch(/unhandled promise rejection/i);
    expect(api.handle.output()).toMatch(/publish failed/);

    // Redis comes back on the same address: the api recovers by itself.
    await redis.start();
    await eventually(async () => (await client.api('/health')).status === 200, 20_000, 'health 200 again');
    const accepted = await eventually(async () => {
      const res = await client.api('/lines/generate', {
        token: changed.body.data.token,
        body: { category: 'taglines', tone: 'bold', topic: 'Coffee' },
      });
      return res.status === 202 ? res : undefined;
    }, 20_000);
    expect(accepted.status).toBe(202);

    // Realtime events travel through Redis again: a team rename reaches the owner's socket.
    const owner = await registerUser(client);
    await grantPlan(database, owner.id, 'business');
    await markVerified(database, owner.id);
    const team = await client.api('/teams', { body: { name: 'Back online' }, token: owner.token });
    expect(team.status).toBe(201);
    const teamId = team.body.data.team.id as string;
    const ownerSocket = await connectSocket(api.url, { token: owner.token });
    sockets.push(ownerSocket);
    await eventually(
      async () => {
        const heard = nextEvent(ownerSocket, 'team:updated', (p: { teamId: string }) => p.teamId === teamId, 2_000).then(
          () => true,
          () => false,
        );
        await client.api(`/teams/${teamId}`, { method: 'PUT', body: { name: `Renamed ${Date.now()}` }, token: owner.token });
        return heard;
      },
      20_000,
      'team:updated delivered through Redis',
    );
    expect(alive()).toBe(true);
    expect(api.handle.output()).not.toMatch(/unhandled promise rejection/i);
  });
});
