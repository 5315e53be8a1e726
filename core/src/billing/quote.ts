import { planPriceCents, type BillingInterval, type PlanId } from '../platform/catalogue';
import type { BillingQuoteDto } from './billing-lifecycle.contract';
import type { DbOrTx } from '../platform/db/database';
import { Errors } from '../platform/errors';
import { planPriceKes } from './kes-price';
import { billingRepository } from './billing.repository';
import { subscriptionsRepository, type SubscriptionRow } from './subscriptions.repository';
import { paymentsRepository } from './payments.repository';
import { amountDue, upgradeCredit, type PaidPeriod } from './credit';
import { isCurrent, planChange } from './plan-change';

/** The periods paid for the current subscription (legacy rows without a period: the subscription's own). */
async function paidPeriods(db: DbOrTx, active: SubscriptionRow): Promise<PaidPeriod[]> {
  const rows = await billingRepository.paidPeriodsOf(db, active);
  // What is left of each payment after partial refunds (a refunded one is no longer `completed`).
  const periods: PaidPeriod[] = rows.map((p) => ({
    amountMinor: p.amountMinor - p.refundedMinor,
    currency: p.currency,
    periodStart: p.periodStart!,
    periodEnd: p.periodEnd!,
  }));
  if (periods.length === 0 && active.paymentId && active.currentPeriodEnd) {
    const legacy = await paymentsRepository.findById(db, active.paymentId);
    if (legacy?.status === 'completed') {
      const periodStart = legacy.completedAt ?? active.createdAt;
      periods.push({ amountMinor: legacy.amountMinor, currency: legacy.currency, periodStart, periodEnd: active.currentPeriodEnd });
    }
  }
  return periods;
}

/**
 * What a payment for (planId, interval) charges the user now: the catalogue price, minus the
 * unused days of what was paid for the current plan when this is an upgrade. Both the PayPal order
 * and the M-Pesa push take their amount from here; nothing comes from the client.
 */
export async function billingQuote(
  db: DbOrTx,
  userId: string,
  planId: PlanId,
  interval: BillingInterval,
  kesPerUsd: number,
  now = new Date(),
): Promise<BillingQuoteDto> {
  if (planId === 'free') throw Errors.validation('The free plan costs nothing: there is nothing to pay.');
  const active = await subscriptionsRepository.findActive(db, userId);
  const { change, start, end } = planChange(active, planId, interval, now);
  const periods = change === 'upgrade' && isCurrent(active, now) ? await paidPeriods(db, active) : [];
  const priceUsd = planPriceCents(planId, interval);
  const priceKes = planPriceKes(planId, interval, kesPerUsd);
  const usd = { currency: 'USD' as const, ...amountDue(priceUsd, upgradeCredit(periods, now, 'USD', kesPerUsd)) };
  const kes = { currency: 'KES' as const, ...amountDue(priceKes, upgradeCredit(periods, now, 'KES', kesPerUsd)) };
  return { planId, interval, change, startsAt: start.toISOString(), periodEnd: end.toISOString(), usd, kes };
}
