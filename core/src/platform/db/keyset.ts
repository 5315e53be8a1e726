import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { isUuid } from '../contract/common';

/**
 * Keyset paging on (created_at desc, id desc), shared by the personal and the team libraries: the
 * opaque cursor, the row's position in microseconds, the "after this position" condition, the order,
 * and the literal text search the lists filter on.
 */

/** Position of a row in the (created_at desc, id desc) order, microsecond-exact. */
export interface CursorPosition {
  ts: string;
  id: string;
}

const CURSOR_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Opaque to clients: base64url of "<utc timestamp with microseconds>|<id>". */
export function encodeCursor(pos: CursorPosition): string {
  return Buffer.from(`${pos.ts}|${pos.id}`, 'utf8').toString('base64url');
}

/** undefined for anything that is not a cursor we issued (the caller answers 400). */
export function decodeCursor(cursor: string): CursorPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined;
  const [ts, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !ts || !id || !CURSOR_TS.test(ts) || !isUuid(id) || Number.isNaN(Date.parse(ts))) return undefined;
  return { ts, id: id.toLowerCase() };
}

/** Escapes LIKE wildcards so user input is matched literally. */
export function escapeLike(input: string): string {
  return input.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The row's created_at as UTC text with all six fractional digits (a JS Date would drop three). */
export const cursorTsOf = (createdAt: AnyColumn) => sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** SQL: the row comes after `pos` in the (created_at desc, id desc) order. */
export const afterPosition = (createdAt: AnyColumn, id: AnyColumn, pos: CursorPosition): SQL =>
  sql`(${createdAt}, ${id}) < (${pos.ts}::timestamptz, ${pos.id}::uuid)`;

/**
 * Newest first, spelled like the (created_at DESC NULLS LAST, id DESC NULLS LAST) indexes: a bare
 * DESC means NULLS FIRST, which PostgreSQL will not serve from those indexes, and would sort instead.
 */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn): SQL[] => [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];

/**
 * SQL: `column` contains `search` literally, case-insensitively. A term with nothing to case-fold
 * (emoji, digits, punctuation) matches the same with LIKE, which skips ILIKE's per-character
 * folding: several times faster when no trigram can help.
 */
export function containsText(column: AnyColumn, search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  return search.toLowerCase() === search.toUpperCase() ? sql`${column} like ${pattern}` : sql`${column} ilike ${pattern}`;
}
