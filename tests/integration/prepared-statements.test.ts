/**
 * The generate path's prepared statements (core/src/server/db/prepared.ts) on both drivers the
 * product runs on: PostgreSQL (named statements through the pool) and PGlite (the embedded default).
 * Same behaviour on both: the quota counted with the rows in one statement (all or none), the claim
 * as fencing token, completion with the usage meter, de-duplication against saved lines, the plan
 * lookup and the auth state, each joining the caller's transaction when given one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlan } from '@gl/core';
import {
  currentPlanFor,
  generationsRepository,
  openDatabase,
  schema,
  sessionsRepository,
  usageRepository,
  type Database,
  type GenerationBrief,
} from '@gl/core/server';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

const drivers: Array<[string, () => Promise<{ database: Database; cleanup: () => Promise<void> }>]> = [
  [
    'PostgreSQL',
    async () => {
      const test: TestDatabase = await createTestDatabase();
      const database = await openDatabase({ url: test.url, poolMax: 2 });
      return {
        database,
        cleanup: async () => {
          await database.close();
          await test.drop();
        },
      };
    },
  ],
  [
    'PGlite',
    async () => {
      const database = await openDatabase({ pgliteDir: 'memory://' });
      return { database, cleanup: () => database.close() };
    },
  ],
];

describe.each(drivers)('prepared statements on %s', (_name, open) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let userId: string;
  const free = getPlan('free');
  const pro = getPlan('pro');
  const brief = (subject: string): GenerationBrief => ({
    userId,
    visitorId: null,
    apiKeyId: null,
    subject,
    planId: free.id,
    category: 'taglines',
    topic: 'Kahawa',
    prompt: null,
    count: 3,
    language: 'en',
    maxChars: null,
    brand: { id: randomUUID(), name: 'Kahawa', description: '', audience: '', wordsToUse: [], wordsToAvoid: ['cheap'], exampleLines: [] },
  });

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    const [user] = await database.db
      .insert(schema.users)
      .values({ email: `p-${randomUUID()}@example.com`, name: 'P', passwordHash: 'x' })
      .returning();
    userId = user!.id;
  }, 120_000);
  afterAll(async () => cleanup?.());

  it('counts the quota and records one row per tone in the order asked, all or none at the limit', async () => {
    const subject = `user-${userId}`;
    const first = await generationsRepository.accept(database.db, brief(subject), ['bold', 'funny', 'romantic'], free);
    expect(first!.rows.map((r) => r.tone)).toEqual(['bold', 'funny', 'romantic']);
    expect(first!.rows[0]).toMatchObject({ status: 'pending', userId, subject, count: 3, language: 'en', lines: [], attempts: 0 });
    expect(first!.rows[0]!.brand).toMatchObject({ name: 'Kahawa', wordsToAvoid: ['cheap'] });
    expect(first!.rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(first!.usage).toMatchObject({ planId: 'free', dailyGenerations: 3, monthlyGenerations: 3, limit: 10, remaining: 7 });

    // 7 left: 3 more fit twice, the third time only 1 is left, so nothing is counted or recorded.
    await generationsRepository.accept(database.db, brief(subject), ['bold', 'funny', 'romantic'], free);
    await generationsRepository.accept(database.db, brief(subject), ['bold', 'funny', 'romantic'], free);
    expect(await generationsRepository.accept(database.db, brief(subject), ['bold', 'funny'], free)).toBeUndefined();
    expect((await usageRepository.counts(database.db, subject)).daily).toBe(9);
    const one = await generationsRepository.accept(database.db, brief(subject), ['bold'], free);
    expect(one!.usage).toMatchObject({ dailyGenerations: 10, remaining: 0 });
    expect(await generationsRepository.accept(database.db, brief(subject), ['bold'], free)).toBeUndefined();
  });

  it('the month total counts earlier days of the month and today once', async () => {
    const subject = `user-${userId}-month`;
    const now = new Date();
    const earlier = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const sameDay = earlier.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
    if (!sameDay) await database.db.insert(schema.usageDaily).values({ subject, day: earlier.toISOString().slice(0, 10), count: 5 });
    const accepted = await generationsRepository.accept(database.db, brief(subject), ['bold'], pro, now);
    expect(accepted!.usage).toMatchObject({ dailyGenerations: 1, monthlyGenerations: sameDay ? 1 : 6, limit: -1 });
  });

  it("counts on the account's local day: 23:59 and 00:01 in Nairobi are two days (the zone is read by PostgreSQL)", async () => {
    const [nairobi] = await database.db
      .insert(schema.users)
      .values({ email: `tz-${randomUUID()}@example.com`, name: 'N', passwordHash: 'x', timeZone: 'Africa/Nairobi' })
      .returning();
    const subject = `user-${nairobi!.id}`;
    const before = await generationsRepository.accept(
      database.db,
      { ...brief(subject), userId: nairobi!.id },
      ['bold'],
      free,
      new Date('2026-11-27T20:59:00Z'),
    );
    expect(before!.usage).toMatchObject({ dailyGenerations: 1, resetsAt: '2026-11-27T21:00:00.000Z' });
    const after = await generationsRepository.accept(
      database.db,
      { ...brief(subject), userId: nairobi!.id },
      ['bold'],
      free,
      new Date('2026-11-27T21:01:00Z'),
    );
    expect(after!.usage).toMatchObject({ dailyGenerations: 1, monthlyGenerations: 2, resetsAt: '2026-11-28T21:00:00.000Z' });
  });

  it('joins the caller’s transaction: a rollback leaves neither the count nor the rows', async () => {
    const subject = `user-${userId}-tx`;
    await expect(
      database.db.transaction(async (tx) => {
        const accepted = await generationsRepository.accept(tx, brief(subject), ['bold'], free);
        expect(await generationsRepository.findById(tx, accepted!.rows[0]!.id)).toBeDefined();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await usageRepository.counts(database.db, subject)).daily).toBe(0);
  });

  it('claim is the fencing token: only the attempt that holds it completes, with the usage meter after it', async () => {
    const subject = `user-${userId}-claim`;
    const { rows } = (await generationsRepository.accept(database.db, brief(subject), ['bold'], free))!;
    const id = rows[0]!.id;
    const first = await generationsRepository.claim(database.db, id);
    const second = await generationsRepository.claim(database.db, id);
    expect([first!.attempts, second!.attempts]).toEqual([1, 2]);
    // Nothing saved yet and no webhook endpoint: the worker then asks neither about saved lines nor records an event.
    expect(second!.hasSavedLines).toBe(false);
    expect(second!.status).toBe('running');
    const timings = [{ provider: 'openai', ms: 5, ok: true }];
    expect(await generationsRepository.complete(database.db, id, 1, { lines: ['a'], source: 'openai', timings })).toBeUndefined();
    const done = await generationsRepository.complete(database.db, id, 2, { lines: ['x', 'y'], source: 'openai', timings });
    expect(done).toMatchObject({ status: 'completed', lines: ['x', 'y'], source: 'openai', timings, replaceIndex: null });
    expect(done!.usage).toMatchObject({ planId: 'free', dailyGenerations: 1, remaining: 9 });
    expect(done!.hasWebhooks).toBe(false);
    expect(done).not.toHaveProperty('daily');
    expect(await generationsRepository.claim(database.db, id)).toBeUndefined();
    expect((await generationsRepository.findById(database.db, id))!.lines).toEqual(['x', 'y']);
  });

  it('the plan follows the subscription in force; saved texts match in any case; the auth state reads the session', async () => {
    expect((await currentPlanFor(database.db, userId)).id).toBe('free');
    await database.db.insert(schema.subscriptions).values({ userId, planId: 'pro', status: 'active' });
    expect((await currentPlanFor(database.db, userId)).id).toBe('pro');

    await database.db.insert(schema.savedLines).values({ userId, text: 'Brewed Right', category: 'taglines', tone: 'bold' });
    const saved = await generationsRepository.savedTextsAmong(database.db, userId, ['brewed right', 'Not saved', 'it\'s "quoted"']);
    expect([...saved]).toEqual(['brewed right']);
    // A user with a saved line: the claim says so, and the worker checks each new line against them.
    const { rows: savedRows } = (await generationsRepository.accept(database.db, brief(`user-${userId}-saved`), ['bold'], free))!;
    expect((await generationsRepository.claim(database.db, savedRows[0]!.id))!.hasSavedLines).toBe(true);

    const sessionId = randomUUID();
    const state = (sessionLive: boolean) => ({
      validFrom: null,
      sessionLive,
      plan: expect.objectContaining({ id: 'pro' }),
      language: 'en',
    });
    expect(await sessionsRepository.authState(database.db, userId, sessionId)).toEqual(state(false));
    await database.db.insert(schema.sessions).values({ id: sessionId, userId });
    expect(await sessionsRepository.authState(database.db, userId, sessionId)).toEqual(state(true));
    expect(await sessionsRepository.authState(database.db, userId, undefined)).toEqual(state(true));
    expect(await sessionsRepository.authState(database.db, randomUUID(), undefined)).toBeUndefined();
  });
});
