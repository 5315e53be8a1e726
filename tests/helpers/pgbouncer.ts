import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, stopEngine, waitForEngine } from './process';

/**
 * Debian's `pgbouncer` on a free loopback port in front of the test PostgreSQL, in transaction mode
 * with a small server pool. A test can stop it (every client connection drops, new ones are
 * refused) and start it again on the same port. Missing binary: an error, never a skipped test
 * (`.ci/run` installs the package).
 */
export interface PgBouncer {
  port: number;
  /** DATABASE_URL through PgBouncer for the database of `directUrl`. */
  urlFor(directUrl: string): string;
  /** Stops it at once (SIGTERM: every connection dropped, as in a crash or a restart). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  close(): Promise<void>;
  output(): string;
}

const CANDIDATES = [process.env.PGBOUNCER_BIN, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];

export function findPgbouncer(): string {
  for (const candidate of CANDIDATES) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  throw new Error('pgbouncer is not installed (apt-get install -y pgbouncer; .ci/run does it): this test needs the real one');
}

export async function startPgbouncer(opts: { poolSize: number; upstream?: { host: string; port: number } }): Promise<PgBouncer> {
  const bin = findPgbouncer();
  const port = await freePort();
  const upstream = opts.upstream ?? { host: '127.0.0.1', port: 5432 };
  const dir = mkdtempSync(path.join(tmpdir(), 'gl-pgbouncer-'));
  // PgBouncer refuses to run as root: as root it drops to the postgres user (-u), which must read this.
  chmodSync(dir, 0o755);
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      // Every database name the client asks for, on the test PostgreSQL as postgres (trust on loopback).
      `* = host=${upstream.host} port=${upstream.port} user=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${opts.poolSize}`,
      'min_pool_size = 0',
      'reserve_pool_size = 0',
      `max_db_connections = ${opts.poolSize}`,
      'max_client_conn = 1000',
      // A client waiting for a server connection longer than this is refused (the api answers 503).
      'query_wait_timeout = 20',
      'server_reset_query =',
      'ignore_startup_parameters = extra_float_digits,options',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  chmodSync(ini, 0o644);
  let child: ChildProcess | undefined;
  let out = '';

  const start = async () => {
    const args = [...(process.getuid?.() === 0 ? ['-u', 'postgres'] : []), ini];
    const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    await waitForEngine(
      proc,
      `pgbouncer on ${port}`,
      () => accepts(port),
      () => out,
    );
  };

  const stop = async () => {
    const proc = child;
    child = undefined;
    // SIGINT: "safe shutdown" waits for clients; SIGTERM: immediate, every connection dropped (a crash or a restart).
    await stopEngine(proc, 'SIGTERM');
  };

  await start();
  return {
    port,
    urlFor(directUrl) {
      const u = new URL(directUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    stop,
    start,
    output: () => out,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
