/**
 * npm run bench:saved
 *
 * Seeds 1,000,000 saved lines over 10,000 users (one user with 20,000) into a fresh PostgreSQL
 * database, starts the api, and times GET /api/lines/saved for the heavy user through HTTP, with
 * and without search. Prints p50/p95/p99 per scenario; drops the database at the end.
 *
 * BENCH_ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) must be allowed to
 * CREATE DATABASE. REDIS_URL defaults to redis://127.0.0.1:6379. BENCH_REQUESTS sets the samples per scenario.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Redis } from 'ioredis';
import { loadConfig, openDatabase } from '@gl/core/server';
import { startGeniusLines } from '@gl/server';

const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
// BENCH_KEEP_DATABASE=1 keeps the seeded database (to EXPLAIN queries by hand); drop it yourself after.
const WARMUP = 40;
const USERS = 10_000;
const HEAVY_LINES = 20_000;
const TOTAL_LINES = 1_000_000;
const HEAVY_ID = '00000000-0000-4000-8000-000000000001';

const WORDS = [
  'Bold',
  'coffee',
  'Code',
  'future',
  'dreams',
  'brand',
  'sunrise',
  'hustle',
  'Simple',
  'ocean',
  'decoding',
  'velvet',
  'Launch',
  'growth',
  'kindness',
  'rocket',
  'garden',
  'Story',
  'spark',
  'harvest',
  'Nairobi',
  'rhythm',
  'create',
  'journey',
  'fearless',
  'quiet',
  'Laughter',
  'summit',
  'honest',
  'wonder',
  'crafted',
  'midnight',
  'Fresh',
  'courage',
  'balance',
  'thrive',
  'Electric',
  'humble',
  'legacy',
  'bloom',
];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function seed(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const t0 = performance.now();
    await client.query(`
      insert into users (id, email, name, password_hash)
      select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'bench' || g || '@example.com', 'Bench ' || g, 'x'
      from generate_series(1, ${USERS}) g`);
    // Indexes are dropped for the bulk load and rebuilt from their own definitions (faster than 1M index inserts).
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'saved_lines' and indexname <> 'saved_lines_pkey'`,
    );
    for (const i of indexes) await client.query(`drop index ${i.indexname}`);
    const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
    const text = `initcap(w[1 + g % 40]) || ' ' || w[1 + (g / 40) % 40] || ' ' || w[1 + (g / 1600) % 40]
        || case when g % 17 = 0 then ' 🚀' when g % 23 = 0 then ' ☕' else '' end || ' #' || g`;
    const columns = `${text}, (array['taglines','bios','captions','quotes','slogans','adlines'])[1 + g % 6],
        (array['funny','corporate','bold','romantic','minimalist','inspirational','motivational'])[1 + g % 7],
        now() - (g % 525600) * interval '1 minute' - (g % 997) * interval '1 millisecond'`;
    // The heavy user: 20,000 lines.
    await client.query(`
      insert into saved_lines (user_id, text, category, tone, created_at)
      select '${HEAVY_ID}'::uuid, ${columns} from (select ${words} as w) words, generate_series(1, ${HEAVY_LINES}) g`);
    // Everyone else: the remaining 980,000 spread over 9,999 users.
    await client.query(`
      insert into saved_lines (user_id, text, category, tone, created_at)
      select ('00000000-0000-4000-8000-' || lpad(to_hex(2 + g % ${USERS - 1}), 12, '0'))::uuid, ${columns}
      from (select ${words} as w) words, generate_series(${HEAVY_LINES + 1}, ${TOTAL_LINES}) g`);
    const t1 = performance.now();
    await client.query(`set maintenance_work_mem = '256MB'`);
    for (const i of indexes) await client.query(i.indexdef);
    await client.query('vacuum analyze saved_lines');
    await client.query('analyze users');
    const { rows } = await client.query<{ n: string }>('select count(*)::text as n from saved_lines');
    console.log(
      `seeded ${Number(rows[0]!.n).toLocaleString('en')} saved lines over ${USERS.toLocaleString('en')} users in ` +
        `${((t1 - t0) / 1000).toFixed(1)} s, indexes rebuilt in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const dbName = `gl_bench_saved_${randomBytes(4).toString('hex')}`;
  const prefix = `glbench-${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${dbName}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  let services: Awaited<ReturnType<typeof startGeniusLines>> | undefined;
  try {
    const migrated = await openDatabase({ url: url.toString() });
    await migrated.close();
    await seed(url.toString());

    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      ROLES: 'api',
      DATABASE_URL: url.toString(),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LOG_LEVEL: 'silent',
    });
    services = await startGeniusLines(config);
    const token = await services.api!.tokens.signAccess(HEAVY_ID);
    const base = `${services.url}/api/lines/saved`;
    const get = async (qs: string) => {
      const res = await fetch(`${base}${qs}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`GET ${qs} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { data: { total: number; nextCursor: string | null; savedLines: unknown[] } };
    };

    // A cursor 10,000 lines deep, to time a late page.
    let deepCursor = '';
    {
      let cursor: string | null = null;
      for (let i = 0; i < 100; i++) {
        const page = await get(`?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
        cursor = page.data.nextCursor;
      }
      deepCursor = cursor!;
    }

    const scenarios: Array<[string, string]> = [
      ['newest 50 (no search)', '?limit=50'],
      ['page 101 via cursor (no search)', `?limit=50&cursor=${deepCursor}`],
      ['category filter', '?limit=50&category=quotes'],
      ['search word "coffee"', '?limit=50&search=coffee'],
      ['search part of word "cod"', '?limit=50&search=cod'],
      ['search mixed case "LaUnCh"', '?limit=50&search=LaUnCh'],
      ['search emoji "🚀"', `?limit=50&search=${encodeURIComponent('🚀')}`],
      ['search no match "zebra"', '?limit=50&search=zebra'],
      ['search + category', '?limit=50&search=dream&category=captions'],
    ];
    console.log(
      `\nGET /api/lines/saved for the user with ${HEAVY_LINES.toLocaleString('en')} lines, ${REQUESTS} requests each (sequential, keep-alive)\n`,
    );
    console.log('| Scenario | matches | p50 ms | p95 ms | p99 ms |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [name, qs] of scenarios) {
      let total = 0;
      for (let i = 0; i < WARMUP; i++) total = (await get(qs)).data.total;
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t = performance.now();
        await get(qs);
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      const f = (n: number) => n.toFixed(2);
      console.log(
        `| ${name} | ${total.toLocaleString('en')} | ${f(percentile(samples, 50))} | ${f(percentile(samples, 95))} | ${f(percentile(samples, 99))} |`,
      );
    }
  } finally {
    await services?.close();
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`\nkept ${dbName} (BENCH_KEEP_DATABASE=1)`);
    else await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    if (process.env.BENCH_KEEP_DATABASE !== '1') console.log(`\ndropped ${dbName}`);
  }
}

await main();
