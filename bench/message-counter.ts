/**
 * Counts the messages this process sends to PostgreSQL and Redis, for the benches only: wraps
 * node-postgres's `Client.prototype.query` (every statement, pooled or not) and ioredis's
 * `Redis.prototype.sendCommand` (every command, including each one of a pipeline or a BullMQ script
 * call) and `Pipeline.prototype.exec` (a pipeline is one round trip). Counts while `start()`ed and
 * not `stop()`ped, by kind: statement name (a prepared statement's name, else its first words),
 * Redis command (a script call under its BullMQ / defineCommand name) and PUBLISH.
 *
 * Only the clients of this process, loaded from node_modules, are counted: a compiled bundle
 * (server/dist) carries its own copies, so the one-process `--dist` mode is measured from outside.
 */
import pg from 'pg';
import { Redis, Pipeline } from 'ioredis';

interface Tally {
  total: number;
  byKind: Map<string, number>;
}
const tally = (): Tally => ({ total: 0, byKind: new Map() });
const add = (t: Tally, kind: string) => {
  t.total++;
  t.byKind.set(kind, (t.byKind.get(kind) ?? 0) + 1);
};

export interface MessageCounts {
  pgStatements: number;
  redisCommands: number;
  redisRoundTrips: number;
  publishes: number;
  pgByKind: Record<string, number>;
  redisByKind: Record<string, number>;
}

let counting = false;
let pgTally = tally();
let redisTally = tally();
let redisRoundTrips = 0;
let publishes = 0;
let installed = false;

function statementKind(config: unknown): string {
  if (typeof config === 'string') return config.trim().split(/\s+/).slice(0, 3).join(' ').toLowerCase();
  const c = config as { name?: string; text?: string } | null;
  if (c?.name) return c.name;
  return statementKind(c?.text ?? '?');
}

interface CommandLike {
  name: string;
  args: unknown[];
}

/** A script's name from its sha (ioredis keeps the scripts defined on a connection by name). */
function scriptName(redis: Redis, sha: unknown): string {
  const scripts = (redis as unknown as { scriptsSet?: Record<string, { sha: string }> }).scriptsSet ?? {};
  for (const [name, s] of Object.entries(scripts)) if (s.sha === sha) return name;
  return 'evalsha';
}

/** Installs the wrappers once (idempotent); nothing is counted until `start()`. */
export function installMessageCounter(): void {
  if (installed) return;
  installed = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) add(pgTally, statementKind(args[0]));
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;

  const send = Redis.prototype.sendCommand as (this: Redis, command: CommandLike, stream?: unknown) => unknown;
  Redis.prototype.sendCommand = function (this: Redis, command: CommandLike, stream?: unknown) {
    if (counting) {
      const kind = command.name === 'evalsha' || command.name === 'eval' ? `script ${scriptName(this, command.args[0])}` : command.name;
      add(redisTally, kind);
      if (command.name === 'publish') publishes++;
      if (!stream) redisRoundTrips++;
    }
    return send.call(this, command, stream);
  } as unknown as typeof Redis.prototype.sendCommand;

  const exec = Pipeline.prototype.exec as (...args: unknown[]) => unknown;
  Pipeline.prototype.exec = function (this: Pipeline, ...args: unknown[]) {
    if (counting) redisRoundTrips++;
    return exec.apply(this, args);
  } as typeof Pipeline.prototype.exec;
}

export const messageCounter = {
  start(): void {
    counting = true;
  },
  stop(): void {
    counting = false;
  },
  reset(): void {
    pgTally = tally();
    redisTally = tally();
    redisRoundTrips = 0;
    publishes = 0;
  },
  read(): MessageCounts {
    return {
      pgStatements: pgTally.total,
      redisCommands: redisTally.total,
      redisRoundTrips,
      publishes,
      pgByKind: Object.fromEntries(pgTally.byKind),
      redisByKind: Object.fromEntries(redisTally.byKind),
    };
  },
};

/** The counts divided by `n` generations, as printable rows (totals first, then each kind). */
export function perGeneration(counts: MessageCounts, n: number): Array<{ what: string; 'per generation': number }> {
  const per = (x: number) => Number((x / n).toFixed(2));
  const kinds = (by: Record<string, number>, prefix: string) =>
    Object.entries(by)
      .sort((a, b) => b[1] - a[1])
      .filter(([, v]) => v / n >= 0.01)
      .map(([k, v]) => ({ what: `  ${prefix} ${k}`, 'per generation': per(v) }));
  return [
    { what: 'PostgreSQL statements', 'per generation': per(counts.pgStatements) },
    ...kinds(counts.pgByKind, 'pg'),
    { what: 'Redis commands', 'per generation': per(counts.redisCommands) },
    ...kinds(counts.redisByKind, 'redis'),
    { what: 'Redis round trips (a pipeline is one)', 'per generation': per(counts.redisRoundTrips) },
    { what: 'Redis publishes (Socket.IO events)', 'per generation': per(counts.publishes) },
  ];
}
