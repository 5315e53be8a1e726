import {
  asInterval,
  asPlanId,
  billingQuote,
  billingRepository,
  currentPlanFor,
  Errors,
  subscriptionsRepository,
  type SubscriptionRow,
} from '@gl/core/server';
import type { BillingDto, BillingInterval, BillingQuoteDto, BillingSubscriptionDto, PlanId, ReceiptDto } from '@gl/core';
import type { ApiContext } from '../api-context';

export function toBillingSubscription(s: SubscriptionRow, now = new Date()): BillingSubscriptionDto {
  const lapsed = s.status === 'active' && s.currentPeriodEnd !== null && s.currentPeriodEnd.getTime() <= now.getTime();
  return {
    id: s.id,
    planId: asPlanId(s.planId),
    interval: asInterval(s.interval),
    status: lapsed ? 'expired' : (s.status as BillingSubscriptionDto['status']),
    provider: s.provider === 'paypal' || s.provider === 'mpesa' ? s.provider : null,
    autoRenew: Boolean(s.providerSubscriptionId) && !s.cancelAtPeriodEnd,
    currentPeriodEnd: s.currentPeriodEnd ? s.currentPeriodEnd.toISOString() : null,
  };
}

/** GET /billing, GET /billing/quote and receipts: reads only, every one scoped to the caller. */
export class BillingService {
  constructor(private readonly ctx: ApiContext) {}

  async overview(userId: string): Promise<BillingDto> {
    const [active, scheduled, currentPlan, receiptsCount] = await Promise.all([
      subscriptionsRepository.findActive(this.ctx.db, userId),
      billingRepository.findScheduled(this.ctx.db, userId),
      currentPlanFor(this.ctx.db, userId),
      billingRepository.countReceipts(this.ctx.db, userId),
    ]);
    return {
      currentPlan,
      subscription: active ? toBillingSubscription(active) : null,
      scheduled: scheduled ? toBillingSubscription(scheduled) : null,
      receiptsCount,
    };
  }

  /** A quote for a paid plan other than the one the caller has (that one renews at the catalogue price). */
  async quote(userId: string, planId: PlanId, interval: BillingInterval): Promise<BillingQuoteDto> {
    if (planId === 'free') throw Errors.validation('The free plan costs nothing: there is nothing to quote.');
    const current = await currentPlanFor(this.ctx.db, userId);
    if (current.id === planId) throw Errors.conflict(`You already have the ${current.name} plan. Paying for it again extends it.`);
    return billingQuote(this.ctx.db, userId, planId, interval, this.ctx.config.MPESA_KES_PER_USD);
  }

  async receipt(userId: string, paymentId: string): Promise<ReceiptDto> {
    const found = await billingRepository.receiptFor(this.ctx.db, userId, paymentId);
    if (!found) throw Errors.notFound('Receipt not found');
    const p = found.payment;
    return {
      number: p.receiptNumber!,
      issuedAt: (p.completedAt ?? p.updatedAt).toISOString(),
      amount: p.amountMinor,
      currency: p.currency,
      credit: p.creditMinor,
      method: p.provider === 'mpesa' ? 'mpesa' : 'paypal',
      planId: asPlanId(p.planId),
      interval: asInterval(p.interval),
      periodStart: p.periodStart ? p.periodStart.toISOString() : null,
      periodEnd: p.periodEnd ? p.periodEnd.toISOString() : null,
      customerName: found.name,
      customerEmail: found.email,
    };
  }
}
