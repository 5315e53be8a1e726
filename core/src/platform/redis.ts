import { Redis, type RedisOptions } from 'ioredis';

/**
 * Producers (the API) fail fast when Redis is down: no offline queue, one retry per request.
 * Workers wait for Redis to come back: BullMQ needs maxRetriesPerRequest null.
 */
export type RedisRole = 'producer' | 'worker' | 'subscriber';

export function createRedis(url: string, role: RedisRole, name: string = role): Redis {
  const base: RedisOptions = {
    connectionName: `genius-lines-${name}`,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    // A failover leaves us talking to a replica: reconnect (and resend) only then.
    reconnectOnError: (err) => err.message.startsWith('READONLY'),
  };
  const options: RedisOptions =
    role === 'producer'
      ? { ...base, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 }
      : { ...base, maxRetriesPerRequest: null, enableOfflineQueue: true };
  const client = new Redis(url, options);
  // Connection errors are reported by health checks and retried; never an unhandled 'error' event.
  client.on('error', () => undefined);
  return client;
}

export async function waitForRedis(client: Redis, timeoutMs = 5000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis did not become ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      client.off('ready', onReady);
    };
    client.on('ready', onReady);
  });
}

export async function pingRedis(client: Redis, timeoutMs = 1000): Promise<boolean> {
  if (client.status !== 'ready') return false;
  try {
    const result = await Promise.race([
      client.ping(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs)),
    ]);
    return result === 'PONG';
  } catch {
    return false;
  }
}
