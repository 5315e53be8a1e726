import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './process';

/**
 * A Redis Sentinel deployment of Debian's `redis-server` on free loopback ports: a primary (AOF
 * everysec), replicas, and sentinels (`redis-server FILE --sentinel`) watching it as `name`.
 * `killPrimary()` SIGKILLs the primary; the sentinels promote a replica.
 */
export interface SentinelSet {
  name: string;
  primaryPort: number;
  replicaPorts: number[];
  sentinelPorts: number[];
  /** REDIS_SENTINELS for our processes. */
  sentinels: string;
  /** The port the sentinels name as master now (null while none answers). */
  masterPort(): Promise<number | null>;
  killPrimary(): Promise<void>;
  stop(): Promise<void>;
}

export interface SentinelOptions {
  name?: string;
  replicas?: number;
  sentinels?: number;
  downAfterMs?: number;
  failoverTimeoutMs?: number;
  /** The data password (requirepass on primary and replicas; the sentinels use it as auth-pass). */
  password?: string;
  /** The sentinels' own password. */
  sentinelPassword?: string;
}

function startServer(args: string[], label: string): { child: ChildProcess; output: () => string } {
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out = (out + d).slice(-8000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-8000)));
  child.on('error', (err) => (out += `\n${label}: ${err.message}`));
  return { child, output: () => out };
}

/** One command on a fresh connection; null when nothing answers (or it answers an error). */
export async function ask(port: number, password: string | undefined, ...args: string[]): Promise<unknown> {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    password,
    lazyConnect: true,
    connectTimeout: 1000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.call(args[0]!, ...args.slice(1));
  } catch {
    return null;
  } finally {
    client.disconnect();
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not ready after ${timeoutMs} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startSentinelSet(opts: SentinelOptions = {}): Promise<SentinelSet> {
  const name = opts.name ?? 'mymaster';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gl-sentinel-'));
  const children: Array<{ child: ChildProcess; output: () => string }> = [];
  const auth = opts.password ? ['--requirepass', opts.password, '--masterauth', opts.password] : [];
  const stopAll = async () => {
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  const allOutput = () => children.map((c) => c.output()).join('\n');
  try {
    const primaryPort = await freePort();
    const dataArgs = (port: number, sub: string) => [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      path.join(dir, sub),
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
      ...auth,
    ];
    const mk = (sub: string) => mkdirSync(path.join(dir, sub), { recursive: true });
    mk('primary');
    const primary = startServer(dataArgs(primaryPort, 'primary'), 'primary');
    children.push(primary);
    const replicaPorts: number[] = [];
    for (let i = 0; i < (opts.replicas ?? 1); i++) {
      const port = await freePort();
      mk(`replica-${i}`);
      children.push(startServer([...dataArgs(port, `replica-${i}`), '--replicaof', '127.0.0.1', String(primaryPort)], `replica ${i}`));
      replicaPorts.push(port);
    }
    const pong = (port: number) => async () => (await ask(port, opts.password, 'PING')) === 'PONG';
    await waitFor(pong(primaryPort), 10_000, 'redis primary', allOutput);
    for (const port of replicaPorts) {
      await waitFor(
        async () => /master_link_status:up/.test(String(await ask(port, opts.password, 'INFO', 'replication'))),
        15_000,
        `redis replica ${port}`,
        allOutput,
      );
    }

    const sentinelPorts: number[] = [];
    for (let i = 0; i < (opts.sentinels ?? 3); i++) {
      const port = await freePort();
      const file = path.join(dir, `sentinel-${i}.conf`);
      const lines = [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${name} 127.0.0.1 ${primaryPort} ${Math.min(2, opts.sentinels ?? 3)}`,
        `sentinel down-after-milliseconds ${name} ${opts.downAfterMs ?? 5000}`,
        `sentinel failover-timeout ${name} ${opts.failoverTimeoutMs ?? 10000}`,
        `sentinel parallel-syncs ${name} 1`,
        ...(opts.password ? [`sentinel auth-pass ${name} ${opts.password}`] : []),
        ...(opts.sentinelPassword ? [`requirepass ${opts.sentinelPassword}`, `sentinel sentinel-pass ${opts.sentinelPassword}`] : []),
      ];
      writeFileSync(file, `${lines.join('\n')}\n`);
      children.push(startServer([file, '--sentinel', '--loglevel', 'warning'], `sentinel ${i}`));
      sentinelPorts.push(port);
    }
    const masterOf = async (port: number): Promise<number | null> => {
      const reply = await ask(port, opts.sentinelPassword, 'SENTINEL', 'get-master-addr-by-name', name);
      return Array.isArray(reply) && reply.length === 2 ? Number(reply[1]) : null;
    };
    const masterPort = async (): Promise<number | null> => {
      for (const port of sentinelPorts) {
        const m = await masterOf(port);
        if (m) return m;
      }
      return null;
    };
    for (const port of sentinelPorts) {
      await waitFor(async () => (await masterOf(port)) === primaryPort, 10_000, `sentinel ${port}`, allOutput);
    }
    return {
      name,
      primaryPort,
      replicaPorts,
      sentinelPorts,
      sentinels: sentinelPorts.map((p) => `127.0.0.1:${p}`).join(','),
      masterPort,
      async killPrimary() {
        const { child } = primary;
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGKILL');
        await exited;
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
