import {
  AppError,
  Errors,
  INIT_FAILED_CODE,
  MPESA_PUSH_FAILED,
  MPESA_TOKEN_FAILED,
  MpesaError,
  accountReference,
  callbackPhoneMatches,
  isKenyanMsisdn,
  createPaymentOrder,
  mpesaClientFor,
  mpesaOutcome,
  parseStkCallback,
  asPlanId,
  paymentMessageIn,
  paymentStatusJob,
  paymentsRepository,
  settlePayment,
  transactionDesc,
  type PaymentRow,
} from '@gl/core/server';
import {
  PHONE_INVALID_MESSAGE,
  getPlan,
  normalizeKenyanPhone,
  type BillingInterval,
  type PlanId,
  type MpesaStatusDto,
  type UiLanguage,
  type PaymentStatus,
  type MpesaStkPushDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { secretMatches } from '../accounts/token.service';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** M-Pesa (Daraja) from the server only: STK push, the callback, and the stored status. */
export class MpesaService {
  constructor(private readonly ctx: ApiContext) {}

  /** Constant-time check of the callback URL's secret segment. */
  callbackSecretMatches(candidate: string): boolean {
    return secretMatches(candidate, this.ctx.config.MPESA_CALLBACK_SECRET);
  }

  /**
   * Records the payment, sends the STK push, stores Daraja's CheckoutRequestID, then (after that
   * commit) enqueues the status check delayed by MPESA_STATUS_DELAY_MS.
   */
  async stkPush(userId: string, input: { planId: PlanId; interval: BillingInterval; phoneNumber: string }): Promise<MpesaStkPushDto> {
    const phone = normalizeKenyanPhone(input.phoneNumber);
    if (!isKenyanMsisdn(phone)) throw Errors.validation(PHONE_INVALID_MESSAGE, [{ path: 'phoneNumber', message: PHONE_INVALID_MESSAGE }]);
    const mpesa = mpesaClientFor(this.ctx);
    if (!mpesa) throw new AppError('UNAVAILABLE', MPESA_PUSH_FAILED);

    const plan = getPlan(input.planId);
    // The catalogue price minus any upgrade credit, decided here (never by the client); the credit is
    // reserved by this payment (a second upgrade while it is open is refused with 409).
    const { payment, amount } = await createPaymentOrder(this.ctx.db, {
      userId,
      provider: 'mpesa',
      planId: input.planId,
      interval: input.interval,
      currency: 'KES',
      kesPerUsd: this.ctx.config.MPESA_KES_PER_USD,
      phone,
    });

    let push: Awaited<ReturnType<typeof mpesa.stkPush>>;
    try {
      push = await mpesa.stkPush({
        amount,
        phone,
        accountReference: accountReference(input.planId),
        transactionDesc: transactionDesc(plan.name),
      });
    } catch (err) {
      const e = err instanceof MpesaError ? err : undefined;
      this.ctx.logger.warn({ paymentId: payment.id, err: (err as Error).message, provider: e?.providerMessage }, 'mpesa push failed');
      await settlePayment(this.ctx, payment.id, {
        status: 'failed',
        resultCode: INIT_FAILED_CODE,
        resultDesc: (e?.providerMessage ?? (err as Error).message).slice(0, 500),
      });
      if (e?.kind === 'token') throw Errors.provider(MPESA_TOKEN_FAILED, err);
      // Daraja's own words for the customer, when it gave some (e.g. an invalid phone number).
      const customerMessage = e?.body?.CustomerMessage ?? (e?.body?.errorCode?.startsWith('400.') ? e.body.errorMessage : undefined);
      throw new AppError('PROVIDER_ERROR', MPESA_PUSH_FAILED, { cause: err, data: customerMessage ? { customerMessage } : undefined });
    }

    const { response } = push;
    const secret = this.ctx.config.MPESA_CALLBACK_SECRET ?? '';
    await paymentsRepository.setProviderRef(this.ctx.db, payment.id, {
      providerRef: response.CheckoutRequestID,
      // What was sent, minus the password (never kept) and the callback secret.
      requestPayload: {
        ...push.request,
        CallBackURL: secret ? push.request.CallBackURL.replace(secret, '[secret]') : push.request.CallBackURL,
      },
      providerPayload: { push: response },
    });
    // The payment is recorded: the callback, or the reconciler's re-enqueue, still settles it.
    await this.ctx.jobs.tryEnqueue(
      paymentStatusJob,
      { paymentId: payment.id, checkoutRequestID: response.CheckoutRequestID },
      { delay: this.ctx.config.MPESA_STATUS_DELAY_MS, log: { paymentId: payment.id } },
    );
    return {
      paymentId: payment.id,
      checkoutRequestID: response.CheckoutRequestID,
      merchantRequestID: response.MerchantRequestID,
      responseCode: response.ResponseCode,
      customerMessage: response.CustomerMessage,
      amount,
      currency: 'KES' as const,
      phoneNumber: phone,
    };
  }

  /** Stores a callback body exactly as received; nothing else happens before it is safe in PostgreSQL. */
  storeCallback(body: unknown): Promise<string> {
    return paymentsRepository.insertEvent(this.ctx.db, { provider: 'mpesa', kind: 'stk-callback', payload: body ?? {} });
  }

  /**
   * Applies a stored callback: matched by CheckoutRequestID (and MerchantRequestID), a success must
   * carry the amount and phone we asked for; then the same state transition as the status check.
   * A callback that does not match is kept but changes nothing (the status check decides).
   */
  async processCallback(eventId: string, body: unknown): Promise<void> {
    const cb = parseStkCallback(body);
    if (!cb) {
      this.ctx.logger.warn({ eventId }, 'mpesa callback without an stkCallback body');
      return;
    }
    let payment: PaymentRow | undefined;
    // Daraja can call back before our own write of the CheckoutRequestID lands: look again briefly.
    for (let attempt = 0; attempt < 4 && !payment; attempt++) {
      if (attempt > 0) await sleep(250 * attempt);
      payment = await paymentsRepository.findByProviderRef(this.ctx.db, 'mpesa', cb.checkoutRequestID);
    }
    if (!payment) {
      this.ctx.logger.warn({ eventId, checkoutRequestID: cb.checkoutRequestID }, 'mpesa callback for an unknown request');
      return;
    }
    await paymentsRepository.linkEvent(this.ctx.db, eventId, payment.id);
    const pushed = (payment.providerPayload as { push?: { MerchantRequestID?: string } } | null)?.push;
    if (pushed?.MerchantRequestID && cb.merchantRequestID !== pushed.MerchantRequestID) {
      this.ctx.logger.error({ eventId, paymentId: payment.id }, 'mpesa callback MerchantRequestID does not match');
      return;
    }
    if (cb.resultCode === '0' && (cb.amount !== payment.amountMinor || !callbackPhoneMatches(payment.phone ?? '', cb.phone))) {
      this.ctx.logger.error(
        { eventId, paymentId: payment.id, amount: cb.amount, expected: payment.amountMinor },
        'mpesa callback amount or phone does not match the request; leaving it to the status check',
      );
      return;
    }
    await settlePayment(
      this.ctx,
      payment.id,
      mpesaOutcome(cb.resultCode, cb.resultDesc, {
        source: 'callback',
        receipt: cb.receipt ?? null,
        transactionDate: cb.transactionDate ?? null,
        eventId,
      }),
    );
  }

  /** The stored state of the caller's own STK request (the browser gets changes live; this is for reloads); its message in `lang`. */
  async status(userId: string, checkoutRequestID: string, lang: UiLanguage): Promise<MpesaStatusDto> {
    const payment = await paymentsRepository.findByProviderRef(this.ctx.db, 'mpesa', checkoutRequestID);
    if (!payment || payment.userId !== userId) throw Errors.notFound('Payment not found');
    return {
      paymentId: payment.id,
      checkoutRequestID,
      status: payment.status as PaymentStatus,
      resultCode: payment.resultCode,
      resultDesc: payment.resultDesc,
      message: paymentMessageIn(payment, lang),
      planId: asPlanId(payment.planId),
    };
  }
}
