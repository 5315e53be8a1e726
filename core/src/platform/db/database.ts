import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../../schema';
import type { Logger } from '../logger';
import { sendUnnamed } from './statement-mode';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Where it lives, without credentials, for logs and messages. */
  location: string;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Runs `fn` while a dedicated connection holds a transaction-scoped advisory lock (an open
   * transaction that took `pg_advisory_xact_lock`; no-op on PGlite). Transaction-scoped, so it holds
   * through PgBouncer in transaction mode too: the open transaction keeps its server connection.
   */
  withAdvisoryLock<T>(lockId: bigint, fn: () => Promise<T>): Promise<T>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export class DatabaseConnectError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'DatabaseConnectError';
  }
}

function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

/**
 * PostgreSQL when a URL is given, else PGlite (embedded PostgreSQL) under `pgliteDir`.
 * Migrations are applied before this returns, the same files on both.
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  poolMax?: number;
  logger?: Logger;
  migrate?: boolean;
  /** A direct PostgreSQL URL the migrations use instead of `url` (which may point at PgBouncer). */
  migrationUrl?: string;
  /** false: hot queries are sent unnamed (PgBouncer in transaction mode without prepared-statement support). */
  namedStatements?: boolean;
}): Promise<Database> {
  const database = opts.url
    ? await openPostgres(opts.url, opts.poolMax ?? 10, opts.logger, opts.namedStatements ?? true)
    : await openPglite(opts.pgliteDir ?? './data/pglite');
  if (opts.migrate !== false) {
    try {
      if (opts.url && opts.migrationUrl) {
        const direct = await openPostgres(opts.migrationUrl, 2, opts.logger, true, 'DATABASE_MIGRATION_URL');
        try {
          await migrateDatabase(direct);
        } finally {
          await direct.close();
        }
      } else {
        await migrateDatabase(database);
      }
    } catch (err) {
      await database.close().catch(() => undefined);
      // PGlite's migrations fail on what its files allow (a full disk): said like a failure to open.
      throw database.kind === 'pglite' ? pgliteFailure(opts.pgliteDir ?? './data/pglite', err) : err;
    }
  }
  return database;
}

async function openPostgres(
  url: string,
  poolMax: number,
  logger: Logger | undefined,
  named: boolean,
  variable = 'DATABASE_URL',
): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (err) => logger?.warn({ err: err.message }, 'postgres idle client error'));
  if (!named) {
    sendUnnamed(pool);
    pool.on('connect', (client) => sendUnnamed(client));
  }
  const location = describeUrl(url);
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new DatabaseConnectError(
      `Cannot connect to PostgreSQL at ${location}: ${(err as Error).message}. Check ${variable}${variable === 'DATABASE_URL' ? ', or unset it to use the embedded database' : ''}.`,
      err,
    );
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    location,
    ping: () => pingDb(db),
    close: () => pool.end(),
    async withAdvisoryLock(lockId, fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        try {
          await client.query('select pg_advisory_xact_lock($1)', [lockId.toString()]);
          const result = await fn();
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback').catch((e: Error) => (broken = e));
          throw err;
        }
      } finally {
        client.release(broken);
      }
    },
  };
}

/**
 * The embedded database's PostgreSQL settings (docs/lean-runtime.md): PGlite runs PostgreSQL inside
 * this process's WebAssembly memory, which never shrinks, so every buffer PostgreSQL fills stays
 * resident for good. Sized for one person's `npm start` (a few MB of data), not a server:
 *  - shared_buffers 16 MB (PostgreSQL's default 128 MB would end up resident as the pages are read);
 *  - wal_buffers 1 MB (the default is 1/32 of shared_buffers: 4 MB at 128 MB);
 *  - work_mem 2 MB and maintenance_work_mem 16 MB (defaults 4 and 64 MB: a sort or an index build
 *    grows the WebAssembly memory to its size once, and it stays);
 *  - temp_buffers 1 MB (default 8 MB).
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB', 'work_mem=2MB', 'maintenance_work_mem=16MB', 'temp_buffers=1MB'];

/**
 * Makes a new PGlite data directory (PostgreSQL's initdb) in a worker thread that then ends. initdb
 * runs a WebAssembly module of its own and leaves about 450 MB of WebAssembly memory behind, which
 * the process would keep until a full garbage collection found it (measured: 653 MB resident after
 * initdb in-process, 184 MB once collected); a thread's memory goes back when the thread ends. The
 * database is then opened in this thread as on every later start.
 */
async function initPgliteDir(dir: string): Promise<void> {
  // The package's own entry, resolved here (the worker's code is a string with no location of its own).
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  // A failure is caught in the thread and sent as a message (its reason, not a bare "ErrnoError").
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.entry)
      .then(async ({ PGlite }) => {
        const db = await PGlite.create(workerData.dir, { startParams: [...PGlite.defaultStartParams, ...workerData.args] });
        await db.close();
      })
      .catch((err) => {
        parentPort.postMessage({ failed: { message: String((err && err.message) || err), code: err && err.code, errno: err && err.errno } });
        process.exit(1);
      });`;
  const args = PGLITE_SETTINGS.flatMap((setting) => ['-c', setting]);
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { entry, dir, args } });
    let failed: { message: string; code?: unknown; errno?: unknown } | undefined;
    worker.on('message', (m: { failed?: typeof failed }) => (failed = m.failed ?? failed));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0) return resolve();
      reject(
        Object.assign(new Error(failed?.message ?? `PGlite initdb thread exited with ${code}`), {
          code: failed?.code,
          errno: failed?.errno,
        }),
      );
    });
  });
}

/** Node's file-system error codes in words, for the message a person reads when PGlite cannot start. */
const FS_REASONS: Record<string, string> = {
  EEXIST: 'a file is in the way (it must be a directory)',
  ENOTDIR: 'a file is in the way (it must be a directory)',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
};
/** Emscripten's file-system errors carry the errno of WASI (PGlite's runtime), not Node's code. */
const WASI_ERRNO_REASONS: Record<number, string> = {
  2: 'permission denied',
  20: 'a file is in the way (it must be a directory)',
  51: 'no space left on the device',
  54: 'a file is in the way (it must be a directory)',
  63: 'permission denied',
  69: 'the file system is read-only',
};

/** Why PGlite could not open `dir`, in words: the reason of a file-system error, else PostgreSQL's own text. */
function pgliteFailure(dir: string, err: unknown): DatabaseConnectError {
  // drizzle wraps a failed statement ("Failed query: …"): PostgreSQL's own error is its cause.
  const wrapped = (err as { cause?: unknown } | undefined)?.cause;
  const e = (wrapped instanceof Error ? wrapped : err) as { code?: unknown; errno?: unknown; message?: unknown } | undefined;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const fromErrno = typeof e?.errno === 'number' && !code ? WASI_ERRNO_REASONS[e.errno] : undefined;
  const text = typeof e?.message === 'string' ? e.message.split('\n')[0]!.trim() : String(err);
  const opaque =
    !text || /^(PGlite failed to initialize properly|Aborted\(\)|RuntimeError|ErrnoError)/i.test(text) || text === '[object Object]';
  const reason =
    (code && FS_REASONS[code]) ??
    fromErrno ??
    (opaque ? 'PostgreSQL could not start on its files (damaged, from another version, or not writable)' : text);
  return new DatabaseConnectError(
    `the embedded database (PGlite) could not open ${path.resolve(dir)}: ${reason}. Set PGLITE_DIR to a directory this user can write (a new one is made), or DATABASE_URL to use PostgreSQL.`,
    err,
  );
}

async function openPglite(dir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = dir === 'memory://';
  let client: InstanceType<typeof PGlite>;
  try {
    if (!inMemory) {
      mkdirSync(dir, { recursive: true });
      if (!existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteDir(dir);
    }
    client = await PGlite.create(inMemory ? undefined : dir, {
      extensions: { pg_trgm, btree_gin },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
  } catch (err) {
    throw pgliteFailure(dir, err);
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    location: inMemory ? 'in-memory PGlite' : `PGlite at ${dir}`,
    ping: () => pingDb(db),
    close: () => client.close(),
    // One process owns a PGlite database: nothing to serialise against.
    withAdvisoryLock: (_lockId, fn) => fn(),
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Any fixed 64-bit number: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 7_306_541_928_113_004n;

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Several api and worker processes may start at once: one migrates, the others wait for it.
    // Through PgBouncer each waiter holds a server connection while it waits: with a small pool, set
    // DATABASE_MIGRATION_URL (direct) or run the migrations once before the rollout (npm run db:migrate).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await database.withAdvisoryLock(MIGRATION_LOCK_ID, () => migrate(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER }));
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/** openDatabase's options from the configuration: the one place that maps DATABASE_* and DB_* to them. */
export function databaseOptions(config: {
  DATABASE_URL?: string;
  DATABASE_MIGRATION_URL?: string;
  PGLITE_DIR: string;
  DB_POOL_MAX: number;
  DB_PREPARED_STATEMENTS: boolean;
}) {
  return {
    url: config.DATABASE_URL,
    migrationUrl: config.DATABASE_MIGRATION_URL,
    pgliteDir: config.PGLITE_DIR,
    poolMax: config.DB_POOL_MAX,
    namedStatements: config.DB_PREPARED_STATEMENTS,
  };
}
