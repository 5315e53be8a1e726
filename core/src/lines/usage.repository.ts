import { and, eq, gte, sql } from 'drizzle-orm';
import { remainingGenerations, UNLIMITED, type Plan } from '../platform/catalogue';
import type { UsageSummary } from './lines.contract';
import type { DbOrTx } from '../platform/db/database';
import { usageDaily } from '../schema';

/** The UTC day a moment falls on, as PostgreSQL `date` text (YYYY-MM-DD). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The next midnight UTC after `now`: when the daily counter resets. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

function firstDayOfUtcMonth(now: Date): string {
  return utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
}

/** Who the quota is counted against: a signed-in user, or a visitor's client IP under the free plan. */
export function usageSubject(owner: { userId?: string | null; ip?: string | null }): string {
  if (owner.userId) return `user-${owner.userId}`;
  return `ip-${owner.ip ?? 'unknown'}`;
}

export const usageRepository = {
  /**
   * Counts one generation for `subject` today, atomically: one statement that inserts the day's
   * row or increments it only while it is below `limit` (-1: no limit). The row lock taken by
   * ON CONFLICT DO UPDATE makes concurrent requests queue up and see each other's increments, so
   * N concurrent requests at limit - 1 let exactly one through. `units` generations (a tone
   * comparison) are counted all or none: either all fit under the limit or nothing is counted.
   * Returns the new count, or null when the limit is reached.
   */
  async increment(db: DbOrTx, subject: string, limit: number, now = new Date(), units = 1): Promise<number | null> {
    if (limit !== UNLIMITED && limit < units) return null;
    const [row] = await db
      .insert(usageDaily)
      .values({ subject, day: utcDay(now), count: units })
      .onConflictDoUpdate({
        target: [usageDaily.subject, usageDaily.day],
        set: { count: sql`${usageDaily.count} + ${units}` },
        ...(limit === UNLIMITED ? {} : { setWhere: sql`${usageDaily.count} + ${units} <= ${limit}` }),
      })
      .returning({ count: usageDaily.count });
    return row ? Number(row.count) : null;
  },

  /** Gives generations back (work that was recorded but could not be queued). */
  async decrement(db: DbOrTx, subject: string, day: string, units = 1): Promise<void> {
    await db
      .update(usageDaily)
      .set({ count: sql`greatest(${usageDaily.count} - ${units}, 0)` })
      .where(and(eq(usageDaily.subject, subject), eq(usageDaily.day, day)));
  },

  async counts(db: DbOrTx, subject: string, now = new Date()): Promise<{ daily: number; monthly: number }> {
    const today = utcDay(now);
    const [row] = await db
      .select({
        daily: sql<number>`coalesce(sum(${usageDaily.count}) filter (where ${usageDaily.day} = ${today}), 0)::int`,
        monthly: sql<number>`coalesce(sum(${usageDaily.count}), 0)::int`,
      })
      .from(usageDaily)
      .where(and(eq(usageDaily.subject, subject), gte(usageDaily.day, firstDayOfUtcMonth(now))));
    return { daily: Number(row?.daily ?? 0), monthly: Number(row?.monthly ?? 0) };
  },
};

/** The usage meter for a subject under a plan: counts, limit, remaining (-1 unlimited) and the reset time. */
export async function usageSummaryFor(db: DbOrTx, subject: string, plan: Plan, now = new Date()): Promise<UsageSummary> {
  const { daily, monthly } = await usageRepository.counts(db, subject, now);
  return summarise(plan, daily, monthly, now);
}

export function summarise(plan: Plan, daily: number, monthly: number, now = new Date()): UsageSummary {
  const limit = plan.limits.dailyGenerations;
  return {
    planId: plan.id,
    dailyGenerations: daily,
    monthlyGenerations: monthly,
    limit,
    remaining: remainingGenerations(limit, daily),
    resetsAt: nextUtcMidnight(now).toISOString(),
  };
}
