import { sql, type SQL } from 'drizzle-orm';
import { getPlan, PLAN_IDS, type PlanId } from '../platform/catalogue';
import { subscriptions } from '../schema';
import type { SubscriptionRow } from './subscriptions.repository';

/**
 * The one "subscription in force" rule: its status is `active` and its period has not ended
 * (`current_period_end` is the truth, swept or not). An end exactly at `now` is over; no end never
 * is. Cancelling auto-renew (`cancel_at_period_end`) keeps it in force to the end; a `cancelled` or
 * `expired` row gives nothing, whatever its end says. The TypeScript predicate and the SQL
 * conditions below are built from the same constant and tested against each other.
 */
export const IN_FORCE_STATUS = 'active';

type Period = Pick<SubscriptionRow, 'status' | 'currentPeriodEnd'>;

/** In force at `now` (see above). */
export function isInForce(s: Period | undefined, now: Date): boolean {
  return Boolean(s && s.status === IN_FORCE_STATUS && (!s.currentPeriodEnd || s.currentPeriodEnd.getTime() > now.getTime()));
}

/** Still marked active but its period is over (the sweep has not ended it yet): it gives nothing and reads as expired. */
export function hasLapsed(s: Period, now: Date): boolean {
  return s.status === IN_FORCE_STATUS && !isInForce(s, now);
}

const isPaidPlan = (planId: string) => (PLAN_IDS as readonly string[]).includes(planId) && getPlan(planId as PlanId).priceCents > 0;

/** Is this subscription giving access at `now`: in force, on a paid plan? */
export function isCurrent(s: SubscriptionRow | undefined, now: Date): s is SubscriptionRow {
  return Boolean(s && isInForce(s, now) && isPaidPlan(s.planId));
}

/** The status as an SQL literal (not a parameter: the partial index on `status = 'active'` must match). */
const status = sql.raw(`'${IN_FORCE_STATUS}'`);

/** SQL: the `subscriptions` row is in force at `now`. */
export const inForceSql = (now: Date): SQL =>
  sql`${subscriptions.status} = ${status} and (${subscriptions.currentPeriodEnd} is null or ${subscriptions.currentPeriodEnd} > ${now.toISOString()}::timestamptz)`;

/** SQL: the `subscriptions` row is marked active but its period is over at `now` (what the sweep ends). */
export const lapsedSql = (now: Date): SQL =>
  sql`${subscriptions.status} = ${status} and ${subscriptions.currentPeriodEnd} <= ${now.toISOString()}::timestamptz`;

/** The same condition as text for a hand-written statement: table alias `s`, time `at` (e.g. a placeholder `$2`). */
export const inForceSqlText = (s: string, at: string): string =>
  `${s}.status = '${IN_FORCE_STATUS}' and (${s}.current_period_end is null or ${s}.current_period_end > ${at}::timestamptz)`;
