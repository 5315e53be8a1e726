import { remainingGenerations, UNLIMITED, type Plan } from '../platform/catalogue';
import type { UsageSummary } from './lines.contract';
import type { DbOrTx } from '../platform/db/database';
import { prepared } from '../platform/db/prepared';

/**
 * The subject's IANA zone in SQL: a user's own (users.time_zone), UTC for a visitor (DESIGN.md §20).
 * `subject` is an SQL expression of type text (`user-<uuid>`, a campaign's lines budget
 * `campaign-lines-user-<uuid>`, or `ip-<address>`): the account's subjects count its local day.
 */
export function subjectZoneSql(subject: string): string {
  const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
  return `coalesce((select zu.time_zone from users zu where zu.id = case when ${subject} ~ '^(campaign-lines-)?user-${uuid}$' then right(${subject}, 36)::uuid end), 'UTC')`;
}

/**
 * The subject's calendar at moment `at` (an SQL timestamptz expression), as a one-row select: `day`
 * (the local date: the daily quota's row), `month` (the local month's first day) and `"resetsAt"`
 * (the next local midnight). The day boundary is the subject's own midnight, computed by PostgreSQL.
 */
export function subjectClockSql(subject: string, at: string): string {
  return `select d.day, date_trunc('month', d.day)::date as month, ((d.day + 1)::timestamp at time zone d.tz) as "resetsAt"
    from (select (${at} at time zone zz.tz)::date as day, zz.tz from (select ${subjectZoneSql(subject)} as tz) zz) d`;
}

const incrementStatement = prepared<{ count: number }>(
  'gl_usage_increment',
  `with z as (${subjectClockSql('$1::text', '$2::timestamptz')})
   insert into usage_daily as ud (subject, day, count) select $1::text, z.day, $3::int from z
   on conflict (subject, day) do update set count = ud.count + $3::int
     where $4::int < 0 or ud.count + $3::int <= $4::int
   returning ud.count`,
);

const decrementStatement = prepared<never>(
  'gl_usage_decrement',
  `with z as (${subjectClockSql('$1::text', '$2::timestamptz')})
   update usage_daily ud set count = greatest(ud.count - $3::int, 0) from z where ud.subject = $1::text and ud.day = z.day`,
);

const countsStatement = prepared<{ daily: number; monthly: number; resetsAt: Date }>(
  'gl_usage_counts',
  `with z as (${subjectClockSql('$1::text', '$2::timestamptz')})
   select coalesce(sum(o.count) filter (where o.day = z.day), 0)::int as daily, coalesce(sum(o.count), 0)::int as monthly, z."resetsAt"
   from z left join usage_daily o on o.subject = $1::text and o.day >= z.month
   group by z."resetsAt"`,
);

const calendarStatement = prepared<{ tz: string; today: string; month: string }>(
  'gl_subject_calendar',
  `select zz.tz, to_char(($2::timestamptz at time zone zz.tz)::date, 'YYYY-MM-DD') as today,
     to_char(date_trunc('month', $2::timestamptz at time zone zz.tz)::date, 'YYYY-MM-DD') as month
   from (select ${subjectZoneSql('$1::text')} as tz) zz`,
);

/**
 * The subject's zone (the quota's, `subjectZoneSql`) and its local date and month at `now`: what the
 * analytics chart and the team's monthly counts use, so they count the same days as the quota.
 */
export async function subjectCalendar(
  db: DbOrTx,
  subject: string,
  now = new Date(),
): Promise<{ timeZone: string; today: string; monthStart: string }> {
  const [row] = await calendarStatement.run(db, [subject, now.toISOString()]);
  return { timeZone: row!.tz, today: row!.today, monthStart: row!.month };
}

/** Who the quota is counted against: a signed-in user, or a visitor's client IP under the free plan. */
export function usageSubject(owner: { userId?: string | null; ip?: string | null }): string {
  if (owner.userId) return `user-${owner.userId}`;
  return `ip-${owner.ip ?? 'unknown'}`;
}

/** Who a campaign's lines are counted against for the plan's daily budget of campaign lines (beside `usageSubject`). */
export function campaignLinesSubject(userId: string): string {
  return `campaign-lines-user-${userId}`;
}

export const usageRepository = {
  /**
   * Counts one generation for `subject` on its local day at `now`, atomically: one statement that
   * inserts the day's row or increments it only while it is below `limit` (-1: no limit). The row
   * lock taken by ON CONFLICT DO UPDATE makes concurrent requests queue up and see each other's
   * increments, so N concurrent requests at limit - 1 let exactly one through. `units` generations
   * (a tone comparison) are counted all or none: either all fit under the limit or nothing is
   * counted. Returns the new count, or null when the limit is reached.
   */
  async increment(db: DbOrTx, subject: string, limit: number, now = new Date(), units = 1): Promise<number | null> {
    if (limit !== UNLIMITED && limit < units) return null;
    const [row] = await incrementStatement.run(db, [subject, now.toISOString(), units, limit]);
    return row ? Number(row.count) : null;
  },

  /** Gives generations back (work counted at `now` that could not be queued): from the same local day. */
  async decrement(db: DbOrTx, subject: string, now: Date, units = 1): Promise<void> {
    await decrementStatement.run(db, [subject, now.toISOString(), units]);
  },

  /** The subject's counts for its local day and month at `now`, and when its day ends. */
  async counts(db: DbOrTx, subject: string, now = new Date()): Promise<{ daily: number; monthly: number; resetsAt: Date }> {
    const [row] = await countsStatement.run(db, [subject, now.toISOString()]);
    return { daily: Number(row?.daily ?? 0), monthly: Number(row?.monthly ?? 0), resetsAt: new Date(row!.resetsAt) };
  },
};

/** The usage meter for a subject under a plan: counts, limit, remaining (-1 unlimited) and the reset time (its next local midnight). */
export async function usageSummaryFor(db: DbOrTx, subject: string, plan: Plan, now = new Date()): Promise<UsageSummary> {
  const { daily, monthly, resetsAt } = await usageRepository.counts(db, subject, now);
  return summarise(plan, daily, monthly, resetsAt);
}

export function summarise(plan: Plan, daily: number, monthly: number, resetsAt: Date): UsageSummary {
  const limit = plan.limits.dailyGenerations;
  return {
    planId: plan.id,
    dailyGenerations: daily,
    monthlyGenerations: monthly,
    limit,
    remaining: remainingGenerations(limit, daily),
    resetsAt: new Date(resetsAt).toISOString(),
  };
}
