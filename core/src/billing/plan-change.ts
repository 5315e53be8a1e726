import { getPlan, PLAN_IDS, type BillingInterval, type PlanId } from '../platform/catalogue';
import { isCurrent } from './in-force';
import { addInterval } from './billing-dto';
import type { SubscriptionRow } from './subscriptions.repository';

export type PlanChange = 'new' | 'renewal' | 'upgrade' | 'downgrade';

const rank = (planId: string) => ((PLAN_IDS as readonly string[]).includes(planId) ? getPlan(planId as PlanId).priceCents : 0);

export { isCurrent };

/**
 * What paying for (planId, interval) does, given the current subscription:
 * - nothing current: a new period from now;
 * - the same plan: extends from the current end (no day lost);
 * - a higher plan: starts now, with credit for the unused days;
 * - a lower plan: starts when the current period ends.
 */
export function planChange(
  active: SubscriptionRow | undefined,
  planId: PlanId,
  interval: BillingInterval,
  now: Date,
): { change: PlanChange; start: Date; end: Date } {
  if (!isCurrent(active, now) || !active.currentPeriodEnd) return { change: 'new', start: now, end: addInterval(now, interval) };
  const current = active.currentPeriodEnd;
  if (active.planId === planId) return { change: 'renewal', start: current, end: addInterval(current, interval) };
  if (rank(planId) > rank(active.planId)) return { change: 'upgrade', start: now, end: addInterval(now, interval) };
  return { change: 'downgrade', start: current, end: addInterval(current, interval) };
}
