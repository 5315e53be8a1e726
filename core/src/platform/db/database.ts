import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../../schema';
import type { Logger } from '../logger';

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
  /** Runs `fn` while holding a PostgreSQL session advisory lock on a dedicated connection (no-op lock on PGlite). */
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
}): Promise<Database> {
  const database = opts.url
    ? await openPostgres(opts.url, opts.poolMax ?? 10, opts.logger)
    : await openPglite(opts.pgliteDir ?? './data/pglite');
  if (opts.migrate !== false) {
    await migrateDatabase(database);
  }
  return database;
}

async function openPostgres(url: string, poolMax: number, logger?: Logger): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (err) => logger?.warn({ err: err.message }, 'postgres idle client error'));
  const location = describeUrl(url);
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new DatabaseConnectError(
      `Cannot connect to PostgreSQL at ${location}: ${(err as Error).message}. Check DATABASE_URL, or unset it to use the embedded database.`,
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
      try {
        await client.query('select pg_advisory_lock($1)', [lockId.toString()]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [lockId.toString()]);
        }
      } finally {
        client.release();
      }
    },
  };
}

async function openPglite(dir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = dir === 'memory://';
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : dir, { extensions: { pg_trgm, btree_gin } });
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
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await database.withAdvisoryLock(MIGRATION_LOCK_ID, () => migrate(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER }));
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
