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

/** REDIS_URL, else 127.0.0.1:6379, else a private redis-server if installed, else a clear error. */
export async function resolveRedis(config: Config, logger: Logger): Promise<ResolvedRedis> {
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
