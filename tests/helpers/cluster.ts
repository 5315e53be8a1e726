import { createTestDatabase, type TestDatabase } from './database';
import { freePort, spawnEntry, waitForHttp, type ChildHandle } from './process';
import { clearRedisPrefix, testPrefix, TEST_REDIS_URL } from './redis';

/** One of our processes (api or worker role) running as a real child process. */
export interface RoleProcess {
  role: 'api' | 'worker';
  /** Base URL of an api process. */
  url: string;
  handle: ChildHandle;
  /** SIGTERM (graceful shutdown); resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: nothing runs on the way out. */
  kill(): Promise<number | null>;
}

const ENTRY = { api: 'main-api', worker: 'main-worker' } as const;

/** Environment every process of a test cluster shares: one database, one Redis prefix, one secret. */
export function clusterEnv(opts: { databaseUrl: string; redisUrl: string; prefix: string }): Record<string, string> {
  return {
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    REDIS_PREFIX: opts.prefix,
    JWT_SECRET: 'cluster-secret-cluster-secret-0123456789',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
  };
}

async function waitForOutput(handle: ChildHandle, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!handle.output().includes(text)) {
    if (handle.child.exitCode !== null) throw new Error(`process exited (${handle.child.exitCode}):\n${handle.output()}`);
    if (Date.now() > deadline) throw new Error(`process not ready after ${timeoutMs} ms:\n${handle.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts an api or worker process and waits until it serves (api) or runs its queues (worker). */
export async function startRole(
  role: 'api' | 'worker',
  env: Record<string, string>,
  opts: { port?: number; timeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<RoleProcess> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const port = role === 'api' ? (opts.port ?? (await freePort())) : 0;
  const handle = spawnEntry(ENTRY[role], { ...env, ...(role === 'api' ? { PORT: String(port), HOST: '127.0.0.1' } : {}) }, opts.nodeArgs);
  const url = role === 'api' ? `http://127.0.0.1:${port}` : '';
  try {
    if (role === 'api') {
      await waitForOutput(handle, 'Genius Lines is running', timeoutMs);
      await waitForHttp(`${url}/api/health`, 5_000);
    } else {
      await waitForOutput(handle, 'worker running', timeoutMs);
    }
  } catch (err) {
    await handle.stop('SIGKILL');
    throw err;
  }
  return { role, url, handle, stop: () => handle.stop('SIGTERM'), kill: () => handle.stop('SIGKILL') };
}

/** Stops every process still running (SIGKILL after `graceMs` if SIGTERM was not enough). */
export async function stopAll(processes: RoleProcess[], graceMs = 15_000): Promise<void> {
  await Promise.all(
    processes.map(async (p) => {
      if (p.handle.child.exitCode !== null || p.handle.child.signalCode !== null) return;
      const timer = setTimeout(() => void p.kill(), graceMs);
      await p.stop();
      clearTimeout(timer);
    }),
  );
}

/** N api and M worker processes of the compiled build on one fresh database and one Redis prefix. */
export interface Cluster {
  database: TestDatabase;
  prefix: string;
  /** The api processes in start order; the first applied the migrations. */
  apis: RoleProcess[];
  workers: RoleProcess[];
  /** Every process, apis first. */
  processes: RoleProcess[];
  /** Stops every process, then clears the Redis prefix and drops the database. */
  stop(): Promise<void>;
}

/**
 * Starts a cluster: a new database and Redis prefix, the first api process alone (it applies the
 * migrations), then the other apis and the workers in parallel. `env` adds variables, given the api
 * URLs chosen in advance (e.g. a provider's callback URL pointing at one of them).
 */
export async function startCluster(opts: {
  apis: number;
  workers: number;
  env?: (c: { apiUrls: string[] }) => Record<string, string>;
}): Promise<Cluster> {
  const database = await createTestDatabase();
  const prefix = testPrefix();
  const ports: number[] = [];
  for (let i = 0; i < opts.apis; i++) ports.push(await freePort());
  const apiUrls = ports.map((p) => `http://127.0.0.1:${p}`);
  const env = { ...clusterEnv({ databaseUrl: database.url, redisUrl: TEST_REDIS_URL, prefix }), ...opts.env?.({ apiUrls }) };
  const started: RoleProcess[] = [];
  const stop = async () => {
    await stopAll(started);
    await clearRedisPrefix(prefix);
    await database.drop();
  };
  try {
    if (opts.apis > 0) started.push(await startRole('api', env, { port: ports[0] }));
    const rest = await Promise.all([
      ...ports.slice(1).map((port) => startRole('api', env, { port })),
      ...Array.from({ length: opts.workers }, () => startRole('worker', env)),
    ]);
    started.push(...rest);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    database,
    prefix,
    apis: started.filter((p) => p.role === 'api'),
    workers: started.filter((p) => p.role === 'worker'),
    processes: started,
    stop,
  };
}
