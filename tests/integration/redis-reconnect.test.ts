import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { createRedis } from '@gl/core/server';
import { eventually } from '../helpers/eventually';
import { startSentinelSet, type SentinelSet } from '../helpers/sentinel';

/**
 * A Redis client over Sentinel never gives up by itself (issue 37): ioredis ends a client for good
 * when its connector is closed while it asks a sentinel for the master, which is what its failover
 * detector does when `+switch-master` arrives during a reconnect. An api then answered 503 until it
 * was restarted (seen in the failover test under load). Here the same race is made on purpose: the
 * client reconnects and its connector is closed under it. It must come back; a client our code
 * closes must stay closed.
 */
let set: SentinelSet;
const clients: Redis[] = [];

beforeAll(async () => {
  set = await startSentinelSet({ replicas: 0, sentinels: 1 });
}, 60_000);

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await set?.stop();
}, 60_000);

function sentinelClient(role: 'producer' | 'worker'): Redis {
  const [host, port] = set.sentinels.split(',')[0]!.split(':');
  const client = createRedis({ url: '', sentinels: [{ host: host!, port: Number(port) }], sentinelName: set.name }, role);
  clients.push(client);
  return client;
}

/** The failover detector's move, mid-reconnect: the connector is closed while it asks the sentinel. */
async function closeConnectorWhileReconnecting(client: Redis): Promise<void> {
  const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
  // 'connecting' is emitted on the next tick, while the connector waits for the sentinel's answer.
  client.once('connecting', () => (client as unknown as { connector: { disconnect(): void } }).connector.disconnect());
  client.disconnect(true);
  await ended;
}

describe('a Redis client over Sentinel', () => {
  for (const role of ['producer', 'worker'] as const) {
    it(`(${role}) connects again after ioredis ended it in the failover race, and answers`, async () => {
      const client = sentinelClient(role);
      await eventually(async () => client.status === 'ready', 10_000, 'ready');
      await closeConnectorWhileReconnecting(client);
      await eventually(async () => client.status === 'ready', 10_000, 'ready again');
      await expect(client.set('reconnect:probe', role)).resolves.toBe('OK');
      await expect(client.get('reconnect:probe')).resolves.toBe(role);
    }, 30_000);
  }

  it('its duplicates (BullMQ blocking connections) come back too', async () => {
    const copy = sentinelClient('worker').duplicate();
    clients.push(copy);
    await eventually(async () => copy.status === 'ready', 10_000, 'ready');
    await closeConnectorWhileReconnecting(copy);
    await eventually(async () => copy.status === 'ready', 10_000, 'ready again');
    await expect(copy.ping()).resolves.toBe('PONG');
  }, 30_000);

  it('stays closed when our code closes it', async () => {
    const client = sentinelClient('producer');
    await eventually(async () => client.status === 'ready', 10_000, 'ready');
    await client.quit();
    await new Promise((r) => setTimeout(r, 1500));
    expect(client.status).toBe('end');
  }, 30_000);
});
