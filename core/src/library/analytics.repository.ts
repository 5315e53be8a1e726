import { and, count, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import { CATEGORY_IDS, GENERATION_SOURCES, TONES } from '../platform/catalogue';
import type { UsageAnalyticsDto } from '../accounts';
import type { DbOrTx } from '../platform/db/database';
import { generations } from '../schema';
import { savedLinesRepository } from './saved-lines.repository';
import { subjectCalendar, usageSubject } from '../lines/server';

export const ANALYTICS_DAYS = 30;

export type UsageAnalytics = UsageAnalyticsDto;

/** A calendar date (YYYY-MM-DD) moved by whole days. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * A user's generations over the last 30 days of their own calendar (users.time_zone, today
 * included; the quota's zone, so the chart's days are the quota's days), by day, category, tone and
 * source, plus the size of the saved library. Failed generations are not counted.
 */
export async function usageAnalyticsFor(db: DbOrTx, userId: string, now = new Date()): Promise<UsageAnalytics> {
  const { timeZone, today } = await subjectCalendar(db, usageSubject({ userId }), now);
  const from = addDays(today, -(ANALYTICS_DAYS - 1));
  // The local midnight that starts the first day, as an instant.
  const start = sql`(${from}::date::timestamp at time zone ${timeZone})`;
  const where = and(eq(generations.userId, userId), gte(generations.createdAt, start), ne(generations.status, 'failed'));
  const day = sql<string>`to_char(${generations.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;

  const [perDay, perCategory, perTone, perSource, savedCount] = await Promise.all([
    // Grouped by position: the zone is a bound value, so the select and group by expressions would differ.
    db
      .select({ key: day, n: count() })
      .from(generations)
      .where(where)
      .groupBy(sql`1`),
    db.select({ key: generations.category, n: count() }).from(generations).where(where).groupBy(generations.category),
    db.select({ key: generations.tone, n: count() }).from(generations).where(where).groupBy(generations.tone),
    db
      .select({ key: generations.source, n: count() })
      .from(generations)
      .where(and(where, eq(generations.status, 'completed'), isNotNull(generations.source)))
      .groupBy(generations.source),
    savedLinesRepository.countForUser(db, userId),
  ]);
  const tally = (rows: Array<{ key: string | null; n: number }>) => new Map(rows.map((r) => [r.key ?? '', Number(r.n)]));
  const dayCounts = tally(perDay);
  const categoryCounts = tally(perCategory);
  const toneCounts = tally(perTone);
  const sourceCounts = tally(perSource);

  const days = Array.from({ length: ANALYTICS_DAYS }, (_, i) => {
    const date = addDays(from, i);
    return { date, generations: dayCounts.get(date) ?? 0 };
  });
  return {
    days,
    byCategory: CATEGORY_IDS.map((category) => ({ category, generations: categoryCounts.get(category) ?? 0 })),
    byTone: TONES.map((tone) => ({ tone, generations: toneCounts.get(tone) ?? 0 })),
    bySource: GENERATION_SOURCES.map((source) => ({ source, generations: sourceCounts.get(source) ?? 0 })),
    totalGenerations: days.reduce((sum, d) => sum + d.generations, 0),
    savedCount,
    periodDays: ANALYTICS_DAYS,
    from,
    to: today,
  };
}
