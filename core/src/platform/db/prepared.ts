import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';
import { withSpan } from '../tracing';
import { sendsUnnamed } from './statement-mode';

/**
 * Hot queries written once in SQL and sent as prepared statements: no query building per call.
 *
 * On PostgreSQL (node-postgres) each statement is sent by name, so every pooled connection parses
 * and plans it once and afterwards only binds values. On PGlite (one in-process connection) the same
 * text runs through the extended protocol without a name. Either way the statement runs on the
 * connection of the `db` given, so inside a transaction it joins that transaction.
 *
 * Values: pass dates as ISO strings and JSON as `JSON.stringify(...)` text (cast with `::jsonb` in the
 * SQL); both drivers accept these unchanged. Results come back with each driver's default parsing:
 * timestamptz as Date, jsonb parsed, int4 as number (the same as drizzle's mapping for our columns).
 */
export interface Prepared<Row> {
  readonly name: string;
  readonly text: string;
  run(db: DbOrTx, values: readonly unknown[]): Promise<Row[]>;
}

interface PgQueryable {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PgliteQueryable {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<unknown>;
}

/** The driver connection under a drizzle database or transaction (Pool, PoolClient, PGlite or its Transaction). */
function driverOf(db: DbOrTx): PgQueryable | PgliteQueryable {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function') {
    throw new Error('prepared statements need a drizzle node-postgres or PGlite database');
  }
  return client as PgQueryable | PgliteQueryable;
}

const isPglite = (c: PgQueryable | PgliteQueryable): c is PgliteQueryable => typeof (c as PgliteQueryable).exec === 'function';

const names = new Set<string>();

/** Declares a statement; `name` must be unique in the process (PostgreSQL keys the parsed statement by it per connection). */
export function prepared<Row>(name: string, text: string): Prepared<Row> {
  if (names.has(name)) throw new Error(`prepared statement ${name} declared twice`);
  names.add(name);
  const runOn = async (db: DbOrTx, values: readonly unknown[]): Promise<Row[]> => {
    const client = driverOf(db);
    const result = isPglite(client)
      ? await client.query(text, values as unknown[])
      : sendsUnnamed(client)
        ? await client.query({ text, values: values as unknown[] })
        : await client.query({ name, text, values: values as unknown[] });
    return result.rows as Row[];
  };
  const attributes = { 'db.system.name': 'postgresql', 'db.operation.name': name };
  return {
    name,
    text,
    // One span per statement when tracing is on (the database's share of a generation's trace).
    run: (db, values) => withSpan(`db ${name}`, { kind: 'client', attributes }, () => runOn(db, values)),
  };
}

/**
 * `"col_name" as "fieldName", ...` for every column of a table (optionally qualified by an alias), so
 * a hand-written statement returns the same object shape as drizzle's `select()` / `returning()`.
 */
export function selectList(table: PgTable, alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return Object.entries(getTableColumns(table))
    .map(([key, col]) => `${prefix}"${col.name}" as "${key}"`)
    .join(', ');
}
