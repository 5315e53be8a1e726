import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export { freePort } from '@gl/server';

export interface ChildHandle {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The compiled entry points in server/dist (`npm test` builds them first). */
export type ServerEntry = 'launcher' | 'main-api' | 'main-worker';

export const entryFile = (entry: ServerEntry) => path.join(REPO_ROOT, 'server/dist', `${entry}.js`);

/**
 * The node flags of the api and worker everywhere (the Dockerfile, `npm start`, package.json's
 * start:api and start:worker): source maps for stack traces, V8's young generation capped at 8 MB a
 * half, and the old generation grown by at most half its live size between full collections.
 */
export const PROCESS_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8', '--heap-growing-percent=50'];

/**
 * Runs one of our compiled entry points as a real child process, the way production does
 * (`node <PROCESS_NODE_ARGS> server/dist/<entry>.js`, no wrapper process, the flags of the images
 * and `npm start`), so a signal or a SIGKILL reaches the process that does the work.
 */
export function spawnEntry(entry: ServerEntry, env: Record<string, string | undefined>, nodeArgs: string[] = []): ChildHandle {
  if (!existsSync(entryFile(entry))) throw new Error(`${entryFile(entry)} is missing: run \`npm run build:server\` first`);
  const child = spawn(process.execPath, [...PROCESS_NODE_ARGS, ...nodeArgs, entryFile(entry)], {
    cwd: REPO_ROOT,
    // MALLOC_MMAP_THRESHOLD_ as in the images (Dockerfile): large blocks go back to the system when freed.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      STRICT_DECLARED_ERRORS: 'true',
      // Webhook receivers in tests are stubs on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      return await fetch(url);
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(last)}`);
}

/** Waits until an api process takes traffic: its GET /api/ready answers 200 (warmed up, PostgreSQL and Redis answering). */
export async function waitForReady(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await fetch(`${baseUrl}/api/ready`).catch(() => undefined))?.status !== 200) {
    if (Date.now() > deadline) throw new Error(`${baseUrl}/api/ready did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until a spawned engine (redis-server, pgbouncer) serves: `ready()` is asked every 50 ms; an
 * engine that exits, or is not ready within `timeoutMs`, fails with what it printed.
 */
export async function waitForEngine(
  proc: ChildProcess,
  name: string,
  ready: () => Promise<boolean>,
  output: () => string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${name} exited (${proc.exitCode}): ${output()}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${name} not ready: ${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Sends a spawned engine `signal` and waits for it to exit (nothing to do when it has already ended). */
export async function stopEngine(proc: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill(signal);
  await exited;
}
