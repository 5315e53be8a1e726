import {
  AppError,
  Errors,
  isInForce,
  PaypalApiError,
  asPlanId,
  billingRepository,
  currentPlanFor,
  enqueueBillingEmail,
  notifySubscription,
  paymentsRepository,
  paypalPlanKey,
  paypalSubscriptionsApi as api,
  paypalValueToCents,
  paypalCancellationsRepository,
  paypalRefundJob,
  recordPaypalCancellation,
  enqueuePaypalCancellations,
  notifyPayment,
  REFUND_DUE_CODE,
  settlePayment,
  subscriptionsRepository,
  toSubscriptionDto,
  type PaymentRow,
  type PaypalClient,
  type PaypalSubscription,
  type PaypalWebhookEvent,
} from '@gl/core/server';
import { planPriceCents, type BillingInterval, type PlanId } from '@gl/core';
import type { ApiContext } from '../api-context';
import { toBillingSubscription } from './billing.service';

const FAILED = 'PayPal subscription could not be started. Please try again.';
const NOT_SYNCED = 'PayPal subscriptions are not set up yet. Please use a one-time payment.';

/**
 * PayPal Subscriptions v1: auto-renewing plans. The server creates the subscription on the PayPal
 * plan stored by `npm run paypal:sync` (read when needed, so a sync while running is seen), reads it
 * back from PayPal before activating anything, and applies the subscription webhooks.
 */
export class PaypalSubscriptionsService {
  constructor(
    private readonly ctx: ApiContext,
    private readonly client: () => PaypalClient,
  ) {}

  private async planIdAtPaypal(planId: PlanId, interval: BillingInterval): Promise<string> {
    const id = await billingRepository.catalogId(this.ctx.db, paypalPlanKey(planId, interval));
    if (!id) throw new AppError('UNAVAILABLE', NOT_SYNCED);
    return id;
  }

  /** A pending payment (custom_id at PayPal) and a subscription on the PayPal plan; the buyer approves it at approveUrl. */
  async create(userId: string, planId: PlanId, interval: BillingInterval) {
    const paypal = this.client();
    const paypalPlan = await this.planIdAtPaypal(planId, interval);
    const payment = await paymentsRepository.insert(this.ctx.db, {
      userId,
      provider: 'paypal',
      planId,
      interval,
      amountMinor: planPriceCents(planId, interval),
      currency: 'USD',
      kind: 'paypal-subscription',
    });
    const base = this.ctx.config.PUBLIC_URL?.replace(/\/+$/, '');
    let sub: PaypalSubscription;
    try {
      sub = await api.createSubscription(
        paypal,
        {
          plan_id: paypalPlan,
          custom_id: payment.id,
          // PayPal requires both return URLs with an application context (without PUBLIC_URL the JS SDK's popup handles approval).
          ...(base
            ? {
                application_context: {
                  brand_name: 'Genius Lines',
                  shipping_preference: 'NO_SHIPPING' as const,
                  user_action: 'SUBSCRIBE_NOW' as const,
                  return_url: `${base}/billing?paypal=approved`,
                  cancel_url: `${base}/billing?paypal=cancelled`,
                },
              }
            : {}),
        },
        `sub-${payment.id}`,
      );
    } catch (err) {
      this.ctx.logger.warn({ paymentId: payment.id, err: (err as Error).message }, 'paypal subscription create failed');
      await settlePayment(this.ctx, payment.id, { status: 'failed', resultCode: 'INIT_FAILED', resultDesc: (err as Error).message });
      throw Errors.provider(FAILED, err);
    }
    await paymentsRepository.setProviderRef(this.ctx.db, payment.id, {
      providerRef: sub.id,
      providerPayload: { subscription: { id: sub.id, status: sub.status } },
    });
    const approveUrl = sub.links?.find((l) => l.rel === 'approve')?.href ?? null;
    return { subscriptionID: sub.id, approveUrl, paymentId: payment.id };
  }

  /**
   * Activates the plan once PayPal says the subscription is ACTIVE, on the PayPal plan we expect,
   * with custom_id naming a payment of this user (someone else's subscription looks unknown: 404).
   */
  async confirm(userId: string, subscriptionID: string) {
    const payment = await paymentsRepository.findByProviderRef(this.ctx.db, 'paypal', subscriptionID);
    if (!payment || payment.userId !== userId || payment.kind !== 'paypal-subscription') throw Errors.notFound('Subscription not found');
    const sub = await this.fetch(subscriptionID);
    await this.activate(payment, sub);
    const [active, currentPlan] = await Promise.all([
      subscriptionsRepository.findActive(this.ctx.db, userId),
      currentPlanFor(this.ctx.db, userId),
    ]);
    return { subscription: active ? { ...toSubscriptionDto(active), ...toBillingSubscription(active) } : null, currentPlan };
  }

  private async fetch(id: string): Promise<PaypalSubscription> {
    try {
      return await api.getSubscription(this.client(), id);
    } catch (err) {
      if (err instanceof PaypalApiError && err.status === 404) throw Errors.notFound('Subscription not found');
      throw Errors.provider('PayPal could not be reached. Please try again.', err);
    }
  }

  /** The checks, then the shared state machine (receipt, period, live update); the row remembers the PayPal id. */
  private async activate(payment: PaymentRow, sub: PaypalSubscription): Promise<void> {
    const expectedPlan = await this.planIdAtPaypal(asPlanId(payment.planId), payment.interval === 'year' ? 'year' : 'month');
    if (sub.custom_id !== payment.id || sub.id !== payment.providerRef) throw Errors.notFound('Subscription not found');
    if (sub.plan_id !== expectedPlan) throw Errors.conflict('This PayPal subscription is not for the plan you chose.');
    if (sub.status !== 'ACTIVE') {
      throw Errors.conflict(
        sub.status === 'APPROVAL_PENDING' || sub.status === 'APPROVED'
          ? 'Please approve the subscription at PayPal first.'
          : 'This PayPal subscription is no longer active.',
      );
    }
    if (payment.status !== 'pending' && payment.status !== 'completed')
      throw Errors.conflict('This subscription can no longer be started.');
    const settled = await settlePayment(this.ctx, payment.id, {
      status: 'completed',
      resultCode: 'ACTIVE',
      resultDesc: `PayPal subscription ${sub.id}`,
    });
    if (settled.subscription && !settled.subscription.providerSubscriptionId) {
      await billingRepository.setProviderSubscription(this.ctx.db, settled.subscription.id, sub.id);
      if (payment.userId) await notifySubscription(this.ctx, payment.userId);
    }
  }

  /** Auto-renew off (PayPal billing suspended) or on again (re-activated, no new approval); access stays to the period end. */
  async setAutoRenew(userId: string, id: string, on: boolean) {
    const row = await subscriptionsRepository.findForUser(this.ctx.db, userId, id);
    if (!row || row.status !== 'active') throw Errors.notFound('Subscription not found');
    if (on && !row.providerSubscriptionId)
      throw Errors.conflict('This plan does not renew automatically. Pay again before it ends to extend it.');
    if (on && !isInForce(row, new Date())) throw Errors.conflict('This plan has already ended.');
    if (
      on &&
      row.providerSubscriptionId &&
      (await paypalCancellationsRepository.findBySubscription(this.ctx.db, row.providerSubscriptionId))
    )
      throw Errors.conflict(
        'The PayPal subscription of this plan was cancelled at PayPal, so it cannot renew automatically again. Choose "Renews automatically" on the pricing page to start a new one.',
      );
    if (row.providerSubscriptionId && row.cancelAtPeriodEnd === on) {
      try {
        await api.change(
          this.client(),
          row.providerSubscriptionId,
          on ? 'activate' : 'suspend',
          on ? 'Auto-renew turned on' : 'Auto-renew turned off',
        );
      } catch (err) {
        throw Errors.provider('PayPal could not be reached. Please try again.', err);
      }
    }
    const updated = await billingRepository.setAutoRenewOff(this.ctx.db, userId, id, !on);
    if (!updated) throw Errors.notFound('Subscription not found');
    await notifySubscription(this.ctx, userId);
    return { subscription: { ...toSubscriptionDto(updated), ...toBillingSubscription(updated) } };
  }

  /**
   * BILLING.SUBSCRIPTION.* and PAYMENT.SALE.COMPLETED, already verified and stored once by event id.
   * Unknown subscriptions are logged and acknowledged (PayPal stops retrying); nothing throws for them.
   */
  async handleEvent(event: PaypalWebhookEvent, eventRowId: string): Promise<void> {
    const resource = (event.resource ?? {}) as Record<string, unknown>;
    if (event.event_type === 'PAYMENT.SALE.COMPLETED') return this.sale(event, resource, eventRowId);
    const subId = typeof resource.id === 'string' ? resource.id : undefined;
    if (!subId) return;
    if (event.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED') {
      const payment = await paymentsRepository.findByProviderRef(this.ctx.db, 'paypal', subId);
      if (!payment || payment.status === 'completed') return;
      try {
        await this.activate(payment, await this.fetch(subId));
      } catch (err) {
        // A refusal (not ACTIVE, not the expected plan...) is final: logged and acknowledged. PayPal
        // unreachable is not: it throws, the webhook answers an error, and PayPal delivers the event again.
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        this.ctx.logger.warn({ eventId: event.id, subId, err: err.message }, 'paypal subscription activation refused');
      }
      return;
    }
    const row = await billingRepository.findByProviderSubscription(this.ctx.db, subId);
    if (!row) {
      this.ctx.logger.warn({ eventId: event.id, eventType: event.event_type, subId }, 'paypal event for an unknown subscription');
      return;
    }
    if (row.paymentId) await billingRepository.linkEventPayment(this.ctx.db, eventRowId, row.paymentId);
    if (event.event_type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') {
      const noticeId = await billingRepository.insertNotice(this.ctx.db, {
        userId: row.userId,
        kind: 'payment-failed',
        dedupeKey: `payment-failed-${event.id}`,
        subscriptionId: row.id,
        periodEnd: row.currentPeriodEnd,
      });
      if (noticeId) await enqueueBillingEmail(this.ctx, noticeId);
      return;
    }
    // SUSPENDED, CANCELLED, EXPIRED: no more renewals; access stays until the period already paid for ends.
    if (['BILLING.SUBSCRIPTION.SUSPENDED', 'BILLING.SUBSCRIPTION.CANCELLED', 'BILLING.SUBSCRIPTION.EXPIRED'].includes(event.event_type)) {
      if (row.status === 'active' && !row.cancelAtPeriodEnd) {
        await billingRepository.setAutoRenewOff(this.ctx.db, row.userId, row.id, true);
        await notifySubscription(this.ctx, row.userId);
      }
    }
  }

  /**
   * A sale: the first one belongs to the activation payment; a later one on a subscription we still
   * hold (its row active, or scheduled to start, still carrying it, and not being cancelled) is a
   * renewal. A sale of a subscription the customer has left (the cancellation at PayPal was late, or
   * failed) is never applied: it is recorded and refunded in full by the `paypal-refund` job.
   */
  private async sale(event: PaypalWebhookEvent, resource: Record<string, unknown>, eventRowId: string): Promise<void> {
    const subId = typeof resource.billing_agreement_id === 'string' ? resource.billing_agreement_id : undefined;
    const saleId = typeof resource.id === 'string' ? resource.id : undefined;
    if (!subId || !saleId) return;
    const first = await paymentsRepository.findByProviderRef(this.ctx.db, 'paypal', subId);
    const row = await billingRepository.findByProviderSubscription(this.ctx.db, subId);
    if (!first || !row) {
      this.ctx.logger.warn({ eventId: event.id, subId, saleId }, 'paypal sale for an unknown subscription');
      return;
    }
    if ((await billingRepository.claimFirstSale(this.ctx.db, first.id, saleId)) !== 'taken') {
      await billingRepository.linkEventPayment(this.ctx.db, eventRowId, first.id);
      return;
    }
    const amount = (resource.amount ?? {}) as { total?: string; currency?: string };
    const cents = paypalValueToCents(amount.total);
    if (amount.currency !== 'USD' || !Number.isFinite(cents)) {
      this.ctx.logger.error({ eventId: event.id, saleId, amount }, 'paypal sale with an unreadable amount');
      return;
    }
    const leaving = await paypalCancellationsRepository.findBySubscription(this.ctx.db, subId);
    const held = (row.status === 'active' || row.status === 'scheduled') && !leaving;
    // The sale id is the payment's provider_ref (unique): the same sale delivered twice at once inserts once.
    const inserted = await paymentsRepository.insertOnce(this.ctx.db, {
      userId: row.userId,
      provider: 'paypal',
      planId: row.planId,
      interval: row.interval,
      amountMinor: cents,
      currency: 'USD',
      kind: 'paypal-renewal',
      providerRef: saleId,
      captureId: saleId,
      requestPayload: { billingAgreementId: subId },
      ...(held ? {} : { resultCode: REFUND_DUE_CODE, resultDesc: `Sale of PayPal subscription ${subId}, which the customer had left` }),
    });
    if (!inserted) return;
    await billingRepository.linkEventPayment(this.ctx.db, eventRowId, inserted.id);
    if (!held) {
      this.ctx.logger.error(
        { eventId: event.id, subId, saleId, paymentId: inserted.id, rowStatus: row.status, cancellation: leaving?.status },
        'paypal sale for a subscription we no longer hold: refunding it',
      );
      await this.ctx.jobs.tryEnqueue(paypalRefundJob, { paymentId: inserted.id }, { log: { paymentId: inserted.id } });
      // Still cancel it at PayPal if nothing asked for that yet (e.g. it was left before cancellations were recorded).
      if (!leaving) {
        const cancellationId = await recordPaypalCancellation(this.ctx.db, row, 'replaced');
        await enqueuePaypalCancellations(this.ctx, [cancellationId]);
      }
      await notifyPayment(this.ctx, inserted);
      return;
    }
    await settlePayment(this.ctx, inserted.id, {
      status: 'completed',
      resultCode: 'COMPLETED',
      resultDesc: `PayPal sale ${saleId}`,
    });
  }
}

export const isPaypalSubscriptionEvent = (type: string) => type.startsWith('BILLING.SUBSCRIPTION.') || type === 'PAYMENT.SALE.COMPLETED';
