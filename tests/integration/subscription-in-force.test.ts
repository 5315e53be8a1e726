import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingRepository,
  currentPlanFor,
  inForceSql,
  inForceSqlText,
  isInForce,
  openDatabase,
  schema,
  type Database,
  type SubscriptionRow,
} from '@gl/core/server';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

let database: TestDatabase;
let opened: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  opened = await openDatabase({ url: database.url, poolMax: 2 });
});
afterAll(async () => {
  await opened?.close();
  await database?.drop();
});

const now = new Date('2026-05-10T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

// [case, status, period end (null: none), cancel at period end]
const cases: Array<[string, string, string | null, boolean]> = [
  ['active, ends tomorrow', 'active', at(86_400_000), false],
  ['active, ends a millisecond from now', 'active', at(1), false],
  ['active, ends exactly now', 'active', at(0), false],
  ['past due: active, ended a millisecond ago', 'active', at(-1), false],
  ['auto-renew cancelled, still in its period', 'active', at(3_600_000), true],
  ['cancelled with an end still ahead', 'cancelled', at(86_400_000), false],
  ['expired with an end still ahead', 'expired', at(86_400_000), false],
  ['active without an end', 'active', null, false],
];

describe('"in force" is one rule in TypeScript and in SQL', () => {
  it('the predicate, the SQL condition, its hand-written twin and the plan lookup agree on every case, the boundaries included', async () => {
    const ids: Record<string, string> = {};
    for (const [name, status, end, cancelAtPeriodEnd] of cases) {
      const [user] = await database.query<{ id: string }>(
        `insert into users (email, name, password_hash) values ($1, 'In Force', 'x') returning id`,
        [`${name.replace(/\W+/g, '-')}@example.com`],
      );
      const [sub] = await database.query<{ id: string }>(
        `insert into subscriptions (user_id, plan_id, status, current_period_end, cancel_at_period_end) values ($1, 'pro', $2, $3, $4) returning id`,
        [user!.id, status, end, cancelAtPeriodEnd],
      );
      ids[sub!.id] = name;
    }
    const { db } = opened;
    const rows: SubscriptionRow[] = await db.select().from(schema.subscriptions);
    const bySql = await db.select({ id: schema.subscriptions.id, inForce: inForceSql(now).mapWith(Boolean) }).from(schema.subscriptions);
    const byText = await database.query<{ id: string; in_force: boolean }>(
      `select s.id, (${inForceSqlText('s', '$1')}) as in_force from subscriptions s`,
      [now.toISOString()],
    );
    const expected = Object.fromEntries(cases.map(([name, status, end]) => [name, status === 'active' && (end === null || end > at(0))]));
    const got = (by: (id: string) => boolean) => Object.fromEntries(Object.keys(ids).map((id) => [ids[id]!, by(id)]));
    expect(
      got((id) =>
        isInForce(
          rows.find((r) => r.id === id),
          now,
        ),
      ),
    ).toEqual(expected);
    expect(got((id) => bySql.find((r) => r.id === id)!.inForce)).toEqual(expected);
    expect(got((id) => byText.find((r) => r.id === id)!.in_force)).toEqual(expected);
    // The plan a user gets (the prepared lookup) follows the same rule.
    const plans = await Promise.all(rows.map(async (r) => [ids[r.id]!, (await currentPlanFor(db, r.userId, now)).id !== 'free'] as const));
    expect(Object.fromEntries(plans)).toEqual(expected);
    // The sweep ends exactly the active rows that are not in force (ended at or before now), never one in force.
    const ended = (await billingRepository.listEnded(db, now)).map((r) => ids[r.id]).sort();
    expect(ended).toEqual(['active, ends exactly now', 'past due: active, ended a millisecond ago']);
  });
});
