import { and, count, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import { CATEGORY_IDS, GENERATION_SOURCES, TONES } from '../platform/catalogue';
import type { UsageAnalyticsDto } from '../accounts';
import type { DbOrTx } from '../platform/db/database';
import { generations } from '../schema';
import { savedLinesRepository } from './saved-lines.repository';

export const ANALYTICS_DAYS = 30;

export type UsageAnalytics = UsageAnalyticsDto;

function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * A user's generations over the last 30 UTC days (today included), by day, category, tone and
 * source, plus the size of the saved library. Failed generations are not counted.
 */
export async function usageAnalyticsFor(db: DbOrTx, userId: string, now = new Date()): Promise<UsageAnalytics> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (ANALYTICS_DAYS - 1) * 86_400_000);
  const where = and(eq(generations.userId, userId), gte(generations.createdAt, from), ne(generations.status, 'failed'));
  const day = sql<string>`to_char(${generations.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [perDay, perCategory, perTone, perSource, savedCount] = await Promise.all([
    db.select({ key: day, n: count() }).from(generations).where(where).groupBy(day),
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
    const date = utcDay(new Date(from.getTime() + i * 86_400_000));
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
    from: utcDay(from),
    to: utcDay(today),
  };
}
