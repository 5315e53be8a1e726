/** Pools and their connections that send hot queries unnamed (PgBouncer in transaction mode, DB_PREPARED_STATEMENTS=false). */
const unnamed = new WeakSet<object>();

/**
 * Marks a node-postgres pool or connection: the prepared statements (prepared.ts) run through it go
 * without a name (parsed every time, in the same round trip). Behind PgBouncer before 1.21 a named
 * statement prepared on one server connection is unknown on the next transaction's, and
 * node-postgres would skip the Parse it believes done.
 */
export function sendUnnamed(client: object): void {
  unnamed.add(client);
}

export function sendsUnnamed(client: object): boolean {
  return unnamed.has(client);
}
