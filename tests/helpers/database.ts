import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_DATABASE_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  /** One SQL statement on this database (its own short connection): for setup and assertions. */
  query<T = any>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database for one test file (or one server, or a bench), dropped afterwards.
 * `adminUrl` and `prefix`: the benches' own admin URL and a name that says which bench left it.
 */
export async function createTestDatabase(opts: { adminUrl?: string; prefix?: string } = {}): Promise<TestDatabase> {
  const adminUrl = opts.adminUrl ?? ADMIN_DATABASE_URL;
  const name = `${opts.prefix ?? 'gl_test'}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async query<T = any>(text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** How many generations of a test database match a SQL condition (e.g. `status = 'completed'`). */
export async function countGenerations(database: TestDatabase, where: string): Promise<number> {
  return (await database.query<{ n: number }>(`select count(*)::int as n from generations where ${where}`))[0]!.n;
}
