import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Config, Logger } from '@gl/core/server';

export interface ResolvedRedis {
  url: string;
  /** Set when we started a private redis-server; stopped on shutdown. */
  stop?: () => Promise<void>;
}

export const REDIS_HELP =
  'Redis is needed for the job queue and live updates. Set REDIS_URL, start Redis on 127.0.0.1:6379 ' +
  '(Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis && brew services start redis), ' +
  'or install redis-server so Genius Lines can start a private one.';

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A TCP port free on loopback right now (for a private redis-server; tests use it too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** REDIS_URL, else 127.0.0.1:6379, else a private redis-server if installed, else a clear error. With REDIS_SENTINELS: the sentinels, checked. */
export async function resolveRedis(config: Config, logger: Logger): Promise<ResolvedRedis> {
  if (config.REDIS_SENTINELS) {
    const master = await checkSentinels(config);
    logger.info({ master, sentinels: config.REDIS_SENTINELS.length, name: config.REDIS_SENTINEL_NAME }, 'redis via sentinel');
    return { url: `redis://${master}` };
  }
  if (config.REDIS_URL) return { url: config.REDIS_URL };
  const local = 'redis://127.0.0.1:6379';
  if (await answers(local)) return { url: local };
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const bin = which.stdout.trim();
  if (!bin) throw new Error(`No Redis found at 127.0.0.1:6379 and REDIS_URL is not set. ${REDIS_HELP}`);
  const port = await freePort();
  const dir = path.resolve(path.dirname(config.PGLITE_DIR), 'redis');
  mkdirSync(dir, { recursive: true });
  const child: ChildProcess = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await answers(url)) {
      logger.info({ port }, 'started a private redis-server');
      return {
        url,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`Could not start a private redis-server. ${REDIS_HELP}`);
}

/** A bad REDIS_SENTINELS, REDIS_SENTINEL_NAME, REDIS_SENTINEL_PASSWORD or REDIS_PASSWORD: the process says which and exits. */
export class RedisSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedisSetupError';
  }
}

async function once<T>(client: Redis, run: (c: Redis) => Promise<T>): Promise<T> {
  // A refused AUTH arrives as an 'error' event, then the connection closes: report the refusal.
  let refused: Error | undefined;
  client.on('error', (err: Error) => (refused ??= err));
  try {
    await client.connect();
    return await run(client);
  } catch (err) {
    throw refused ?? err;
  } finally {
    client.disconnect();
  }
}

const plain = {
  lazyConnect: true,
  connectTimeout: 2000,
  commandTimeout: 2000,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
  enableOfflineQueue: false,
};

/**
 * Asks each sentinel for the master before any client is made, so a mistake is named at start
 * rather than retried for ever: no sentinel answers, the sentinels refuse the password, they know
 * no master of that name, or the master refuses the data password. Returns the master's host:port.
 */
export async function checkSentinels(config: Config): Promise<string> {
  const sentinels = config.REDIS_SENTINELS ?? [];
  const list = sentinels.map((s) => `${s.host}:${s.port}`).join(',');
  const name = config.REDIS_SENTINEL_NAME;
  let reached = 0;
  let authRefused = false;
  let unknownMaster = false;
  let master: [string, string] | undefined;
  for (const s of sentinels) {
    try {
      const addr = await once(new Redis({ ...plain, host: s.host, port: s.port, password: config.REDIS_SENTINEL_PASSWORD }), (c) =>
        c.call('SENTINEL', 'get-master-addr-by-name', name),
      );
      reached++;
      if (Array.isArray(addr) && addr.length === 2) {
        master = [String(addr[0]), String(addr[1])];
        break;
      }
      unknownMaster = true;
    } catch (err) {
      const message = (err as Error).message;
      if (/NOAUTH|WRONGPASS|invalid password|AUTH.*(failed|called without)|invalid username-password/i.test(message)) {
        reached++;
        authRefused = true;
      }
    }
  }
  if (!master) {
    if (reached === 0) throw new RedisSetupError(`REDIS_SENTINELS: none of the sentinels answered (${list}). Check the hosts and ports.`);
    if (authRefused && !unknownMaster)
      throw new RedisSetupError(
        config.REDIS_SENTINEL_PASSWORD
          ? 'REDIS_SENTINEL_PASSWORD: the sentinels refused the password.'
          : 'REDIS_SENTINEL_PASSWORD: the sentinels require a password and none is set.',
      );
    throw new RedisSetupError(`REDIS_SENTINEL_NAME: the sentinels (${list}) know no master named "${name}".`);
  }
  const [host, port] = master;
  try {
    await once(new Redis({ ...plain, host, port: Number(port), password: config.REDIS_PASSWORD }), (c) => c.ping());
  } catch (err) {
    const message = (err as Error).message;
    if (/NOAUTH|WRONGPASS|invalid password|invalid username-password/i.test(message))
      throw new RedisSetupError(
        config.REDIS_PASSWORD
          ? `REDIS_PASSWORD: the Redis master ${host}:${port} refused the password.`
          : `REDIS_PASSWORD: the Redis master ${host}:${port} requires a password and none is set.`,
      );
    throw new RedisSetupError(`The sentinels name ${host}:${port} as master "${name}", but it does not answer: ${message}`);
  }
  return `${host}:${port}`;
}
