import { Redis, type RedisOptions } from 'ioredis';
import type { Config } from './config';

/**
 * Where Redis is: one server (`url`), or, with `sentinels`, the master the sentinels name
 * (`sentinelName`), found again after every failover. `password` is the data password (the
 * server's or the master's); `sentinelPassword` is the sentinels' own.
 */
export interface RedisTarget {
  url: string;
  password?: string;
  sentinels?: Array<{ host: string; port: number }>;
  sentinelName?: string;
  sentinelPassword?: string;
}

/** The target the configuration names: REDIS_SENTINELS when set, else `url` (REDIS_URL or the one resolved at start). */
export function redisTargetFrom(
  config: Pick<Config, 'REDIS_PASSWORD' | 'REDIS_SENTINELS' | 'REDIS_SENTINEL_NAME' | 'REDIS_SENTINEL_PASSWORD'>,
  url: string,
): RedisTarget {
  return {
    url,
    password: config.REDIS_PASSWORD,
    sentinels: config.REDIS_SENTINELS,
    sentinelName: config.REDIS_SENTINEL_NAME,
    sentinelPassword: config.REDIS_SENTINEL_PASSWORD,
  };
}

/** For logs and messages: never a password. */
export function describeRedisTarget(target: RedisTarget | string): string {
  const t = typeof target === 'string' ? { url: target } : target;
  if (t.sentinels?.length)
    return `master "${t.sentinelName ?? 'mymaster'}" of sentinels ${t.sentinels.map((s) => `${s.host}:${s.port}`).join(',')}`;
  try {
    return new URL(t.url).host;
  } catch {
    return 'Redis';
  }
}

/**
 * Producers (the API) fail fast when Redis is down: no offline queue, one retry per request; close
 * one with `closeRedis`, which waits for what it was asked to send.
 * Workers wait for Redis to come back: BullMQ needs maxRetriesPerRequest null.
 * Subscribers (the Socket.IO adapter) keep an offline queue, so what is published during a failover
 * goes out once the new master answers.
 */
export type RedisRole = 'producer' | 'worker' | 'subscriber';

function roleOptions(role: RedisRole, name: string): RedisOptions {
  const base: RedisOptions = {
    connectionName: `genius-lines-${name}`,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    // A failover leaves us talking to a replica: reconnect (and resend) only then.
    reconnectOnError: (err) => (/^(READONLY|MASTERDOWN|LOADING)/.test(err.message) ? 2 : false),
  };
  return role === 'producer'
    ? {
        ...base,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        commandTimeout: 5000,
        // ioredis's enableAutoPipelining here cuts a generation's Redis round trips from 6.6 to 3.5
        // (8.8 messages in all, the goal being 10.95) and, with closeRedis, kept the worker drain's
        // completions; not on, because the api drain case failed once in twelve runs with it
        // (docs/lean-runtime.md §9).
      }
    : { ...base, maxRetriesPerRequest: null, enableOfflineQueue: true };
}

/**
 * The one place an ioredis client is made (BullMQ queues and workers, the Socket.IO adapter and
 * emitter, rate limiters, the photo store, the reconciler's lock). With sentinels, ioredis asks them
 * for the master, follows `+switch-master` (failoverDetector) and asks again after every disconnect.
 */
export function createRedis(target: RedisTarget | string, role: RedisRole, name: string = role): Redis {
  const t = typeof target === 'string' ? { url: target } : target;
  const options = roleOptions(role, name);
  let client: Redis;
  if (t.sentinels?.length) {
    client = new Redis({
      ...options,
      sentinels: t.sentinels,
      name: t.sentinelName ?? 'mymaster',
      role: 'master',
      password: t.password,
      sentinelPassword: t.sentinelPassword,
      failoverDetector: true,
      sentinelRetryStrategy: (times) => Math.min(times * 200, 2000),
      sentinelCommandTimeout: 2000,
    });
  } else {
    client = new Redis(t.url, t.password ? { ...options, password: t.password } : options);
  }
  return keepConnecting(client);
}

/**
 * ioredis gives up for good (status `end`) when its connector fails outright, and with sentinels that
 * happens in a race: the failover detector hears `+switch-master` while the client, already
 * reconnecting, is asking a sentinel for the master; the connector is closed under it and throws
 * "Connection is closed". Nothing reconnects an ended client, so an api would answer 503 until it
 * restarted. Unless our code closed it (quit, disconnect), an ended client connects again. The same
 * holds for its duplicates (BullMQ's blocking connections).
 */
function keepConnecting(client: Redis): Redis {
  let closing = false;
  const { quit, disconnect, duplicate } = client;
  client.quit = ((...args: Parameters<Redis['quit']>) => {
    closing = true;
    return quit.apply(client, args);
  }) as Redis['quit'];
  client.disconnect = (reconnect = false) => {
    if (!reconnect) closing = true;
    disconnect.call(client, reconnect);
  };
  client.duplicate = ((...args: Parameters<Redis['duplicate']>) => keepConnecting(duplicate.apply(client, args))) as Redis['duplicate'];
  client.on('end', () => {
    if (closing) return;
    // A failed attempt ends the client again, and this runs again.
    setTimeout(() => {
      if (!closing && client.status === 'end') client.connect().catch(() => undefined);
    }, 500).unref();
  });
  // Connection errors are reported by health checks and retried; never an unhandled 'error' event.
  client.on('error', () => undefined);
  return client;
}

/**
 * Closes a client after what it was asked to send has been sent: with autopipelining a command
 * waits for the end of the loop's turn, or behind the pipeline in flight, and `disconnect()` (or a
 * QUIT, which is never pipelined and so can overtake them) would drop it, such as a worker's last
 * completion event. A PING through the same pipelines is answered after everything queued before
 * it; then QUIT. Bounded by `timeoutMs` (Redis away): then the connection is cut.
 */
export async function closeRedis(client: Redis, timeoutMs = 2000): Promise<void> {
  if (client.status !== 'end') {
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    const flushed = async () => {
      if (client.status === 'ready') await client.ping().catch(() => undefined);
      await client.quit().catch(() => undefined);
    };
    await Promise.race([flushed(), outOfTime]);
    clearTimeout(timer);
  }
  // Already ended after QUIT: a no-op; else (out of time) the connection is cut.
  client.disconnect();
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
