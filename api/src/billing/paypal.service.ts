import {
  AppError,
  Errors,
  INIT_FAILED_CODE,
  MISMATCH_CODE,
  PAYMENT_TEXTS,
  USER_CANCELLED_CODE,
  billingRepository,
  createPaymentOrder,
  currentPlanFor,
  paymentMessageIn,
  paymentsRepository,
  settlePayment,
  subscriptionsRepository,
  toSubscriptionDto,
  type PaymentRow,
  type SubscriptionRow,
  PaypalApiError,
  PaypalClient,
  centsToPaypalValue,
  checkCapturedOrder,
  paypalValueToCents,
  refundPayment,
  refundedCaptureId,
  type PaypalOrder,
  type PaypalOrderRequest,
  type PaypalWebhookEvent,
} from '@gl/core/server';
import {
  getPlan,
  isUuid,
  type BillingInterval,
  type PlanId,
  type PaymentStatus,
  type PaypalCaptureDto,
  type PaypalOrderDto,
  type UiLanguage,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { PaypalSubscriptionsService, isPaypalSubscriptionEvent } from './paypal-subscriptions.service';

const WEBHOOK_UNVERIFIED = 'Webhook signature could not be verified';

/** The webhook headers PayPal signs with, as Express lower-cases them. */
const SIGNATURE_HEADERS = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;

export function paypalConfigured(ctx: ApiContext): boolean {
  return Boolean(ctx.config.PAYPAL_CLIENT_ID && ctx.config.PAYPAL_CLIENT_SECRET);
}

/** PayPal Orders v2 from the server: create, capture (with every check), and the signed webhook. */
export class PaypalService {
  private readonly client: PaypalClient | undefined;
  readonly subscriptions: PaypalSubscriptionsService;

  constructor(private readonly ctx: ApiContext) {
    const c = ctx.config;
    this.client = paypalConfigured(ctx)
      ? new PaypalClient({ baseUrl: c.PAYPAL_BASE_URL, clientId: c.PAYPAL_CLIENT_ID!, clientSecret: c.PAYPAL_CLIENT_SECRET! })
      : undefined;
    this.subscriptions = new PaypalSubscriptionsService(ctx, () => this.paypal('PayPal is not configured'));
  }

  private paypal(failure: string): PaypalClient {
    if (!this.client) throw new AppError('UNAVAILABLE', failure);
    return this.client;
  }

  /** The amount comes from the catalogue; whatever amount the client sent is ignored. */
  async createOrder(userId: string, planId: PlanId, interval: BillingInterval): Promise<PaypalOrderDto> {
    const paypal = this.paypal(PAYMENT_TEXTS.paypalCreateFailed);
    const plan = getPlan(planId);
    // The catalogue price minus any upgrade credit, decided here (never by the client); the credit is
    // reserved by this order (a second upgrade while it is open is refused with 409).
    const { payment, amount: amountCents } = await createPaymentOrder(this.ctx.db, {
      userId,
      provider: 'paypal',
      planId,
      interval,
      currency: 'USD',
      kesPerUsd: this.ctx.config.MPESA_KES_PER_USD,
    });
    const request: PaypalOrderRequest = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: planId,
          custom_id: payment.id,
          description: `Genius Lines ${plan.name} plan, ${interval === 'year' ? '1 year' : '1 month'}`,
          soft_descriptor: 'GENIUSLINES',
          amount: { currency_code: 'USD', value: centsToPaypalValue(amountCents) },
        },
      ],
      payment_source: {
        paypal: { experience_context: { brand_name: 'Genius Lines', shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' } },
      },
    };
    let order: PaypalOrder;
    try {
      // The payment id as PayPal-Request-Id: a retried create returns the same order.
      order = await paypal.createOrder(request, payment.id);
    } catch (err) {
      this.ctx.logger.warn(
        { paymentId: payment.id, err: (err as Error).message, issue: (err as PaypalApiError).issue },
        'paypal create failed',
      );
      await settlePayment(this.ctx, payment.id, { status: 'failed', resultCode: INIT_FAILED_CODE, resultDesc: (err as Error).message });
      throw Errors.provider(PAYMENT_TEXTS.paypalCreateFailed, err);
    }
    await paymentsRepository.setProviderRef(this.ctx.db, payment.id, {
      providerRef: order.id,
      requestPayload: request,
      providerPayload: { order: { id: order.id, status: order.status } },
    });
    return { orderID: order.id, paymentId: payment.id, status: order.status, amount: centsToPaypalValue(amountCents), currency: 'USD' };
  }

  private async result(payment: PaymentRow, subscription: SubscriptionRow | undefined, lang: UiLanguage): Promise<PaypalCaptureDto> {
    const currentPlan = await currentPlanFor(this.ctx.db, payment.userId);
    return {
      id: payment.providerRef,
      paymentId: payment.id,
      status: payment.status as PaymentStatus,
      message: paymentMessageIn(payment, lang),
      subscription: subscription ? toSubscriptionDto(subscription) : null,
      currentPlan,
    };
  }

  /**
   * Captures an approved order of the caller. The order must be COMPLETED, its capture must be
   * COMPLETED, for the amount and currency we stored; then the state machine activates the plan.
   * A retry (after a timeout) replays the same PayPal-Request-Id and gets the same order back.
   * The answer's message is in `lang` (the request's language).
   */
  async captureOrder(userId: string, orderID: string, lang: UiLanguage, planId?: PlanId): Promise<PaypalCaptureDto> {
    const found = await paymentsRepository.findByProviderRef(this.ctx.db, 'paypal', orderID);
    // Someone else's order looks exactly like an unknown one.
    if (!found || found.userId !== userId) throw Errors.notFound('Order not found');
    if (planId && planId !== found.planId) throw Errors.validation('planId does not match this order');
    if (found.status === 'completed') return this.result(found, await subscriptionsRepository.findByPayment(this.ctx.db, found.id), lang);
    const userCancelled = found.status === 'cancelled' && found.resultCode === USER_CANCELLED_CODE;
    if (found.status !== 'pending' && !userCancelled) {
      throw Errors.conflict('This payment can no longer be completed. Please start again.');
    }
    const paypal = this.paypal(PAYMENT_TEXTS.paypalCaptureFailed);

    let order: PaypalOrder;
    try {
      order = await paypal.captureOrder(orderID, `capture-${found.id}`);
    } catch (err) {
      const issue = err instanceof PaypalApiError ? err.issue : undefined;
      if (issue === 'ORDER_ALREADY_CAPTURED') {
        order = await paypal.getOrder(orderID).catch((e: unknown) => {
          throw Errors.provider(PAYMENT_TEXTS.paypalCaptureFailed, e);
        });
      } else {
        this.ctx.logger.warn({ paymentId: found.id, err: (err as Error).message, issue }, 'paypal capture failed');
        if (issue === 'INSTRUMENT_DECLINED' || issue === 'ORDER_NOT_APPROVED') {
          // The buyer can approve again or choose another funding source: the payment stays pending.
          throw Errors.paymentDeclined(PAYMENT_TEXTS.paypalFailed, err);
        }
        throw Errors.provider(PAYMENT_TEXTS.paypalCaptureFailed, err);
      }
    }

    const check = checkCapturedOrder(order, { amountCents: found.amountMinor, currency: found.currency });
    const snapshot = { order: { id: order.id, status: order.status, purchase_units: order.purchase_units } };
    if (check.kind === 'pending') {
      // e.g. an eCheck: PAYMENT.CAPTURE.COMPLETED arrives later through the webhook.
      return this.result(found, undefined, lang);
    }
    if (check.kind === 'completed') {
      const settled = await settlePayment(this.ctx, found.id, {
        status: 'completed',
        resultCode: 'COMPLETED',
        resultDesc: `PayPal capture ${check.capture.id}`,
        providerResult: snapshot,
        captureId: check.capture.id,
      });
      return this.result(settled.payment ?? found, settled.subscription, lang);
    }
    if (check.kind === 'mismatch') {
      this.ctx.logger.error({ paymentId: found.id, orderID, reason: check.reason }, 'paypal capture does not match the stored payment');
    }
    await settlePayment(this.ctx, found.id, {
      status: 'failed',
      resultCode: check.kind === 'mismatch' ? MISMATCH_CODE : 'DECLINED',
      resultDesc: check.reason,
      providerResult: snapshot,
    });
    throw Errors.paymentDeclined(PAYMENT_TEXTS.paypalFailed);
  }

  /**
   * PayPal's webhook: verified through PayPal's own verify API before anything is stored or
   * changed. PAYMENT.CAPTURE.COMPLETED completes the payment (idempotently); DENIED fails it;
   * REFUNDED / REVERSED end what the payment bought; subscription events go to the subscriptions service.
   */
  async handleWebhook(headers: Record<string, string | string[] | undefined>, body: unknown): Promise<{ received: true }> {
    const event = body as PaypalWebhookEvent | undefined;
    const signature: Record<string, string> = {};
    for (const [field, header] of Object.entries(SIGNATURE_HEADERS)) {
      const value = headers[header];
      if (typeof value !== 'string' || value.length === 0 || value.length > 500) throw Errors.validation(WEBHOOK_UNVERIFIED);
      signature[field] = value;
    }
    const webhookId = this.ctx.config.PAYPAL_WEBHOOK_ID;
    if (
      !event ||
      typeof event !== 'object' ||
      typeof event.id !== 'string' ||
      typeof event.event_type !== 'string' ||
      !webhookId ||
      !this.client
    ) {
      throw Errors.validation(WEBHOOK_UNVERIFIED);
    }
    let verified: boolean;
    try {
      verified = await this.client.verifyWebhookSignature({
        auth_algo: signature.auth_algo!,
        cert_url: signature.cert_url!,
        transmission_id: signature.transmission_id!,
        transmission_sig: signature.transmission_sig!,
        transmission_time: signature.transmission_time!,
        webhook_id: webhookId,
        webhook_event: event,
      });
    } catch (err) {
      // PayPal retries a failed delivery: a 503 now is better than losing the event.
      this.ctx.logger.warn({ err: (err as Error).message, eventId: event.id }, 'paypal webhook verification unavailable');
      throw Errors.unavailable('Webhook verification is unavailable right now', err);
    }
    if (!verified) {
      this.ctx.logger.warn({ eventId: event.id, eventType: event.event_type }, 'paypal webhook signature rejected');
      throw Errors.validation(WEBHOOK_UNVERIFIED);
    }

    // Each event is handled once by its id: a replay of a handled event (PayPal retries, or a copy) is
    // acknowledged and ignored. An event whose handling failed is not: it is released, the answer is
    // an error, and PayPal's retry of it is handled like the first delivery.
    const claim = await billingRepository.claimProviderEvent(this.ctx.db, {
      provider: 'paypal',
      providerEventId: event.id.slice(0, 100),
      kind: event.event_type,
      payload: event,
    });
    if (claim.state === 'done') return { received: true };
    if (claim.state === 'busy') throw Errors.unavailable('This event is being handled right now. Please deliver it again later.');
    try {
      await this.applyEvent(event, claim.id);
    } catch (err) {
      this.ctx.logger.error(
        { eventId: event.id, eventType: event.event_type, err: (err as Error).message },
        'paypal webhook handling failed; PayPal will deliver it again',
      );
      await billingRepository.releaseProviderEvent(this.ctx.db, claim.id, (err as Error).message);
      throw err;
    }
    await billingRepository.markEventApplied(this.ctx.db, claim.id);
    return { received: true };
  }

  /** Applies a verified, claimed event. Throws only for failures worth PayPal's retry (we could not reach PayPal, the database...). */
  private async applyEvent(event: PaypalWebhookEvent, eventRowId: string): Promise<void> {
    if (isPaypalSubscriptionEvent(event.event_type)) return this.subscriptions.handleEvent(event, eventRowId);
    if (isRefundEvent(event.event_type)) return this.refund(event, eventRowId);
    if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED' && event.event_type !== 'PAYMENT.CAPTURE.DENIED') return;

    const resource = (event.resource ?? {}) as {
      id?: string;
      status?: string;
      custom_id?: string;
      amount?: { currency_code?: string; value?: string };
      supplementary_data?: { related_ids?: { order_id?: string } };
    };
    const orderId = resource.supplementary_data?.related_ids?.order_id;
    let payment = orderId ? await paymentsRepository.findByProviderRef(this.ctx.db, 'paypal', orderId) : undefined;
    if (!payment && isUuid(resource.custom_id)) {
      const byId = await paymentsRepository.findById(this.ctx.db, resource.custom_id);
      if (byId?.provider === 'paypal') payment = byId;
    }
    if (!payment) {
      this.ctx.logger.warn({ eventId: event.id, orderId }, 'paypal webhook for an unknown order');
      return;
    }
    await paymentsRepository.linkEvent(this.ctx.db, eventRowId, payment.id);

    if (event.event_type === 'PAYMENT.CAPTURE.DENIED') {
      await settlePayment(this.ctx, payment.id, { status: 'failed', resultCode: 'DENIED', resultDesc: 'PayPal capture denied' });
      return;
    }
    const amountOk =
      resource.amount?.currency_code === payment.currency && paypalValueToCents(resource.amount?.value) === payment.amountMinor;
    if (resource.status !== 'COMPLETED' || !amountOk) {
      this.ctx.logger.error(
        { paymentId: payment.id, eventId: event.id, status: resource.status, amount: resource.amount },
        'paypal capture event does not match the stored payment',
      );
      return;
    }
    await settlePayment(this.ctx, payment.id, {
      status: 'completed',
      resultCode: 'COMPLETED',
      resultDesc: `PayPal capture ${resource.id ?? ''}`.trim(),
      providerResult: { webhook: event.id },
      captureId: resource.id ?? null,
    });
  }

  /**
   * PAYMENT.CAPTURE.REFUNDED / .REVERSED (the resource is the refund; its `up` link names the
   * capture) and PAYMENT.SALE.REFUNDED / .REVERSED (a subscription payment: `sale_id`). Only a
   * COMPLETED refund in the payment's currency changes anything; it goes through the payment state
   * machine, which ends what the refunded money bought.
   */
  private async refund(event: PaypalWebhookEvent, eventRowId: string): Promise<void> {
    const r = (event.resource ?? {}) as {
      id?: string;
      status?: string;
      state?: string;
      custom_id?: string;
      sale_id?: string;
      amount?: { currency_code?: string; value?: string; currency?: string; total?: string };
      links?: Array<{ href: string; rel: string }>;
    };
    const sale = event.event_type.startsWith('PAYMENT.SALE.');
    const captureId = sale ? r.sale_id : refundedCaptureId(r);
    const done = sale ? r.state === 'completed' : r.status === 'COMPLETED';
    const currency = sale ? r.amount?.currency : r.amount?.currency_code;
    // PayPal writes a sale refund's total with or without a minus sign.
    const cents = paypalValueToCents((sale ? r.amount?.total : r.amount?.value)?.replace(/^-/, ''));
    let payment = captureId ? await paymentsRepository.findByCapture(this.ctx.db, 'paypal', captureId) : undefined;
    if (!payment && !sale && isUuid(r.custom_id)) {
      const byId = await paymentsRepository.findById(this.ctx.db, r.custom_id);
      if (byId?.provider === 'paypal') payment = byId;
    }
    if (!payment || typeof r.id !== 'string') {
      this.ctx.logger.error({ eventId: event.id, eventType: event.event_type, captureId }, 'paypal refund for a payment we do not know');
      return;
    }
    await billingRepository.linkEventPayment(this.ctx.db, eventRowId, payment.id);
    if (!done || currency !== payment.currency || !Number.isFinite(cents) || cents <= 0) {
      this.ctx.logger.warn(
        { eventId: event.id, paymentId: payment.id, status: r.status ?? r.state, amount: r.amount },
        'paypal refund not completed or not in the payment currency: nothing changed',
      );
      return;
    }
    await refundPayment(this.ctx, payment.id, {
      provider: 'paypal',
      providerRefundId: r.id,
      kind: event.event_type.endsWith('.REVERSED') ? 'reversal' : 'refund',
      amountMinor: cents,
    });
  }
}

const REFUND_EVENTS = new Set(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED', 'PAYMENT.SALE.REFUNDED', 'PAYMENT.SALE.REVERSED']);
const isRefundEvent = (type: string) => REFUND_EVENTS.has(type);
