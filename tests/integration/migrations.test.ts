import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '@gl/core/server';
import { createTestDatabase } from '../helpers/database';

const EXPECTED_TABLES = [
  'api_keys',
  'contact_messages',
  'generations',
  'newsletter_subscribers',
  'payment_events',
  'payments',
  'refresh_tokens',
  'saved_lines',
  'subscriptions',
  'usage_daily',
  'users',
];

async function tablesOf(db: Awaited<ReturnType<typeof openDatabase>>) {
  const result = await db.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`);
  const rows = (result as unknown as { rows: Array<{ table_name: string }> }).rows;
  return rows.map((r) => r.table_name);
}

describe('migrations', () => {
  it('apply on PGlite, idempotently, with the same tables as PostgreSQL', async () => {
    const pglite = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await migrateDatabase(pglite); // a second run is a no-op
      expect(await tablesOf(pglite)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
      // The partial unique index holds on PGlite too: one active subscription per user.
      await pglite.db.execute(
        sql`insert into users (id, email, name, password_hash) values ('11111111-1111-1111-1111-111111111111', 'a@b.co', 'A', 'x')`,
      );
      await pglite.db.execute(
        sql`insert into subscriptions (user_id, plan_id, status) values ('11111111-1111-1111-1111-111111111111', 'pro', 'active')`,
      );
      await expect(
        pglite.db.execute(
          sql`insert into subscriptions (user_id, plan_id, status) values ('11111111-1111-1111-1111-111111111111', 'business', 'active')`,
        ),
      ).rejects.toThrow();
    } finally {
      await pglite.close();
    }
  });

  it('apply on PostgreSQL', async () => {
    const test = await createTestDatabase();
    const pgdb = await openDatabase({ url: test.url });
    try {
      await migrateDatabase(pgdb);
      expect(await tablesOf(pgdb)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
    } finally {
      await pgdb.close();
      await test.drop();
    }
  });
});

describe('migrations under concurrency', () => {
  it('five processes starting at once on an empty PostgreSQL database all succeed', async () => {
    const test = await createTestDatabase();
    const dbs = await Promise.all(Array.from({ length: 5 }, () => openDatabase({ url: test.url, migrate: false })));
    try {
      await Promise.all(dbs.map((d) => migrateDatabase(d)));
      expect(await tablesOf(dbs[0]!)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
    } finally {
      await Promise.all(dbs.map((d) => d.close()));
      await test.drop();
    }
  });
});
