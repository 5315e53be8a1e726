import {
  asInterval,
  asPlanId,
  billingQuote,
  billingRepository,
  currentPlanFor,
  DAY_MS,
  paypalCancelJob,
  Errors,
  hasLapsed,
  notifySubscription,
  paypalCancellationsRepository,
  subscriptionsRepository,
  usersRepository,
  type PaypalCancellationRow,
  type SubscriptionRow,
  readServerMessage,
} from '@gl/core/server';
import type {
  BillingDto,
  BillingInterval,
  BillingQuoteDto,
  BillingSubscriptionDto,
  PaypalCancellationDto,
  PlanId,
  ReceiptDto,
  TimeReader,
  UiLanguage,
} from '@gl/core';
import type { ApiContext } from '../api-context';

function toPaypalCancellationDto(c: PaypalCancellationRow): PaypalCancellationDto {
  return {
    id: c.id,
    providerSubscriptionId: c.providerSubscriptionId,
    planId: asPlanId(c.planId),
    reason: c.reason as PaypalCancellationDto['reason'],
    status: c.status as PaypalCancellationDto['status'],
    createdAt: c.createdAt.toISOString(),
    cancelledAt: c.cancelledAt ? c.cancelledAt.toISOString() : null,
  };
}

export function toBillingSubscription(s: SubscriptionRow, now = new Date()): BillingSubscriptionDto {
  const lapsed = hasLapsed(s, now);
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

  /** The caller's billing; what a refund notice says is in `lang` (the request's language). */
  async overview(userId: string, lang: UiLanguage, now = new Date()): Promise<BillingDto> {
    const [active, scheduled, currentPlan, receiptsCount, cancellations, refunds, reader] = await Promise.all([
      subscriptionsRepository.findActive(this.ctx.db, userId),
      billingRepository.findScheduled(this.ctx.db, userId),
      currentPlanFor(this.ctx.db, userId),
      billingRepository.countReceipts(this.ctx.db, userId),
      paypalCancellationsRepository.listForUser(this.ctx.db, userId, new Date(now.getTime() - 30 * DAY_MS)),
      billingRepository.recentRefunds(this.ctx.db, userId, new Date(now.getTime() - 90 * DAY_MS)),
      usersRepository.readerOf(this.ctx.db, userId),
    ]);
    return {
      currentPlan,
      subscription: active ? toBillingSubscription(active) : null,
      scheduled: scheduled ? toBillingSubscription(scheduled) : null,
      receiptsCount,
      paypalCancellations: cancellations.map(toPaypalCancellationDto),
      refunds: refunds.map(({ refund, planId }) => ({
        id: refund.id,
        paymentId: refund.paymentId,
        kind: refund.kind === 'reversal' ? 'reversal' : 'refund',
        amount: refund.amountMinor,
        currency: refund.currency,
        planId: asPlanId(planId),
        // In the request's language, its dates on the account's calendar.
        message: readServerMessage(refund.message, { language: lang, timeZone: reader.timeZone }),
        createdAt: refund.createdAt.toISOString(),
      })),
    };
  }

  /**
   * Asks PayPal again to cancel a subscription whose cancellation failed for good (only the owner's,
   * only a failed one: anything else is 404 or 409); the job retries it in the background.
   */
  async retryPaypalCancellation(userId: string, id: string): Promise<PaypalCancellationDto> {
    const row = await paypalCancellationsRepository.retry(this.ctx.db, userId, id);
    if (!row) {
      const existing = await paypalCancellationsRepository.find(this.ctx.db, id);
      if (!existing || existing.userId !== userId) throw Errors.notFound('PayPal cancellation not found');
      throw Errors.conflict(
        existing.status === 'pending'
          ? 'This PayPal subscription is already being cancelled.'
          : 'This PayPal subscription is already cancelled.',
      );
    }
    // The job of the failed attempt is still kept (failed) under the same id: it is replaced, not added beside.
    await this.ctx.jobs.ensureEnqueued(paypalCancelJob, { cancellationId: row.id }).catch((err: Error) => {
      this.ctx.logger.warn(
        { cancellationId: row.id, err: err.message },
        'paypal cancel retry not enqueued; the reconciler will enqueue it',
      );
    });
    await notifySubscription(this.ctx, userId);
    return toPaypalCancellationDto(row);
  }

  /** A quote for a paid plan other than the one the caller has (that one renews at the catalogue price). */
  async quote(userId: string, planId: PlanId, interval: BillingInterval): Promise<BillingQuoteDto> {
    if (planId === 'free') throw Errors.validation('The free plan costs nothing: there is nothing to quote.');
    const current = await currentPlanFor(this.ctx.db, userId);
    if (current.id === planId) throw Errors.conflict(`You already have the ${current.name} plan. Paying for it again extends it.`);
    return billingQuote(this.ctx.db, userId, planId, interval, this.ctx.config.MPESA_KES_PER_USD);
  }

  /** Whom the account's receipts are written for: its language and time zone. */
  async readerOf(userId: string): Promise<TimeReader> {
    return usersRepository.readerOf(this.ctx.db, userId);
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
      accountNumber: p.accountNumber,
      mpesaReceipt: p.mpesaReceipt,
    };
  }
}
