/**
 * npm run bench:idle
 *
 * The compiled launcher's resident memory at rest, on PostgreSQL: it starts (bench/one-process.ts:
 * the node flags and MALLOC_MMAP_THRESHOLD_ that `npm start` gives it through scripts/start.mjs,
 * api + worker + the payment sandbox in one process, but with DATABASE_URL set, so without PGlite and
 * without npm's and start.mjs's own processes), nothing is sent to it, and after IDLE_SECONDS
 * (default 15) its RSS now (VmRSS), its peak so far (VmHWM, reached while starting) and its heap
 * (from its /metrics) are printed. Drops its database and Redis keys. What a user gets from
 * `npm start` itself (PGlite, the whole process tree) is `npm run bench:start`.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { createTestDatabase } from '@gl/tests/helpers/database';
import { clearRedisPrefix } from '@gl/tests/helpers/redis';
import { startOneProcess } from './one-process';

const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.IDLE_SECONDS ?? 15);

const database = await createTestDatabase({ adminUrl: ADMIN_URL, prefix: 'gl_bench_idle' });
const prefix = `glb-${randomBytes(4).toString('hex')}`;
const child = await startOneProcess({
  DATABASE_URL: database.url,
  REDIS_URL,
  REDIS_PREFIX: prefix,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  LOG_LEVEL: 'silent',
});
try {
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const rss = child.rssMb();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  console.log(`Idle ${SECONDS} s after start: RSS ${rss.now} MB now, peak ${rss.peak} MB (VmHWM); load average ${load}`);
  console.table([await child.memory()]);
} finally {
  await child.close();
  await clearRedisPrefix(prefix, REDIS_URL);
  await database.drop();
}
