import {
  AppError,
  Errors,
  INIT_FAILED_CODE,
  MPESA_PUSH_FAILED,
  MPESA_TOKEN_FAILED,
  MpesaError,
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
  C2B_ACCEPTED,
  C2B_INVALID_ACCOUNT,
  C2B_INVALID_AMOUNT,
  PAYBILL_KIND,
  PAYBILL_WINDOW_MS,
  c2bValidationAnswer,
  mpesaConfigured,
  mpesaPaybillNumber,
  parseC2b,
  paybillExpiryJob,
  mpesaInitiator,
  mpesaTransactionStatusJob,
  usersRepository,
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
  type MpesaPaybillDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { secretMatches, toPublicUser } from '../accounts';

export const MPESA_UNAVAILABLE = 'M-Pesa payments are not available right now.';

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
    // Paying from a Kenyan number: an account whose zone was only guessed is in Kenya's (DESIGN.md §20).
    const adopted = await usersRepository.adoptKenyanTimeZone(this.ctx.db, userId);
    // The account's open pages (the account page's zone, every time shown) switch to Nairobi time live.
    if (adopted) this.ctx.realtime.emit({ userId }, 'account:updated', { user: await toPublicUser(this.ctx, adopted) });

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
        // The payment's own short number, as the receipt shows it.
        accountReference: payment.accountNumber!,
        transactionDesc: transactionDesc(plan.name, input.interval),
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
    await settlePayment(this.ctx, payment.id, {
      ...mpesaOutcome(cb.resultCode, cb.resultDesc, {
        source: 'callback',
        receipt: cb.receipt ?? null,
        transactionDate: cb.transactionDate ?? null,
        eventId,
      }),
      mpesaReceipt: cb.resultCode === '0' ? cb.receipt : undefined,
    });
  }

  /**
   * Lipa na M-Pesa Paybill: records a payment for (planId, interval) priced from the catalogue, with
   * its own short account number, and (after that commit) the job that ends it unpaid when its
   * window closes. The customer pays from the M-Pesa menu; Daraja's C2B confirmation settles it.
   */
  async paybill(userId: string, input: { planId: PlanId; interval: BillingInterval }): Promise<MpesaPaybillDto> {
    if (!mpesaConfigured(this.ctx.config)) throw new AppError('UNAVAILABLE', MPESA_UNAVAILABLE);
    const { payment, amount } = await createPaymentOrder(this.ctx.db, {
      userId,
      provider: 'mpesa',
      planId: input.planId,
      interval: input.interval,
      currency: 'KES',
      kesPerUsd: this.ctx.config.MPESA_KES_PER_USD,
      kind: PAYBILL_KIND,
    });
    const expiresAt = new Date(payment.createdAt.getTime() + PAYBILL_WINDOW_MS);
    // The development sandbox pays it by itself a few seconds later (Daraja's sandbox C2B simulate).
    if (this.ctx.config.PAYMENTS_SIMULATED)
      void mpesaClientFor(this.ctx)
        ?.c2bSimulate({
          shortCode: mpesaPaybillNumber(this.ctx.config),
          amount,
          accountNumber: payment.accountNumber!,
          msisdn: '254708374149',
        })
        .catch((err: Error) => this.ctx.logger.warn({ paymentId: payment.id, err: err.message }, 'sandbox Paybill simulation failed'));
    await this.ctx.jobs.tryEnqueue(
      paybillExpiryJob,
      { paymentId: payment.id },
      { delay: Math.max(0, expiresAt.getTime() - Date.now()), log: { paymentId: payment.id } },
    );
    return {
      paymentId: payment.id,
      businessNumber: mpesaPaybillNumber(this.ctx.config),
      accountNumber: payment.accountNumber!,
      amount,
      currency: 'KES',
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * Daraja's C2B validation, before the money moves: accepted only for a pending Paybill payment's
   * account number within its window ("C2B00012" otherwise) and for exactly its amount ("C2B00013").
   * Every request is stored with what we answered.
   */
  async c2bValidation(body: unknown): Promise<{ ResultCode: string; ResultDesc: string }> {
    const eventId = await paymentsRepository.insertEvent(this.ctx.db, { provider: 'mpesa', kind: 'c2b-validation', payload: body ?? {} });
    const c2b = parseC2b(body);
    const payment = c2b?.accountNumber ? await paymentsRepository.findByAccountNumber(this.ctx.db, c2b.accountNumber) : undefined;
    const open =
      payment?.kind === PAYBILL_KIND && payment.status === 'pending' && Date.now() < payment.createdAt.getTime() + PAYBILL_WINDOW_MS;
    let code = C2B_ACCEPTED;
    if (!c2b || !payment || !open) code = C2B_INVALID_ACCOUNT;
    else if (c2b.amount !== payment.amountMinor) code = C2B_INVALID_AMOUNT;
    await paymentsRepository.recordEventOutcome(this.ctx.db, eventId, {
      paymentId: payment?.id,
      applied: code === C2B_ACCEPTED,
      note: code === C2B_ACCEPTED ? undefined : `refused ${code}`,
    });
    if (code !== C2B_ACCEPTED)
      this.ctx.logger.warn({ eventId, code, account: c2b?.accountNumber, paymentId: payment?.id }, 'mpesa C2B validation refused');
    else if (mpesaInitiator(this.ctx.config))
      // We now know the TransID: if its confirmation never comes, the worker asks Daraja's Transaction Status.
      await this.ctx.jobs.tryEnqueue(
        mpesaTransactionStatusJob,
        { paymentId: payment!.id, transId: c2b!.transId, validatedAt: Date.now() },
        { delay: this.ctx.config.MPESA_STATUS_DELAY_MS, log: { paymentId: payment!.id } },
      );
    return c2bValidationAnswer(code);
  }

  /**
   * Daraja's C2B confirmation (the money moved): stored first, then the Paybill payment whose account
   * number is the BillRefNumber completes through the same settlement as the STK callback, once per
   * TransID (also its unique M-Pesa code). An unknown account, another amount or a TransID already
   * used is kept with the reason and settles nothing (money to return by hand: logged as an error).
   */
  async c2bConfirmation(body: unknown): Promise<void> {
    const eventId = await paymentsRepository.insertEvent(this.ctx.db, { provider: 'mpesa', kind: 'c2b-confirmation', payload: body ?? {} });
    try {
      await this.applyC2bConfirmation(eventId, body);
    } catch (err) {
      // Stored before anything else: it can still be applied by hand; Daraja is told it arrived.
      await paymentsRepository
        .recordEventOutcome(this.ctx.db, eventId, { applied: false, note: (err as Error).message.slice(0, 500) })
        .catch(() => undefined);
      this.ctx.logger.error({ eventId, err: (err as Error).message }, 'mpesa C2B confirmation could not be applied');
    }
  }

  private async applyC2bConfirmation(eventId: string, body: unknown): Promise<void> {
    const refuse = async (note: string, paymentId?: string) => {
      await paymentsRepository.recordEventOutcome(this.ctx.db, eventId, { paymentId, applied: false, note });
      this.ctx.logger.error({ eventId, paymentId, note }, 'mpesa C2B confirmation not applied');
    };
    const c2b = parseC2b(body);
    if (!c2b) return refuse('not a C2B confirmation');
    const seen = await paymentsRepository.findByMpesaReceipt(this.ctx.db, c2b.transId);
    if (seen) return refuse(`TransID ${c2b.transId} already settled a payment`, seen.id);
    const payment = c2b.accountNumber ? await paymentsRepository.findByAccountNumber(this.ctx.db, c2b.accountNumber) : undefined;
    if (!payment || payment.kind !== PAYBILL_KIND) return refuse(`unknown account number ${c2b.accountNumber.slice(0, 20)}`);
    if (c2b.amount !== payment.amountMinor) return refuse(`amount ${c2b.amount} is not ${payment.amountMinor}`, payment.id);
    const settled = await settlePayment(this.ctx, payment.id, {
      status: 'completed',
      resultCode: '0',
      resultDesc: 'Paid by Lipa na M-Pesa',
      mpesaReceipt: c2b.transId,
      providerResult: { source: 'c2b', transId: c2b.transId, transTime: c2b.transTime, eventId },
    });
    if (!settled.changed)
      return refuse(
        settled.payment?.mpesaReceipt === c2b.transId
          ? `TransID ${c2b.transId} already settled this payment`
          : `payment already ${settled.payment?.status ?? 'gone'}: a second payment to this account`,
        payment.id,
      );
    await paymentsRepository.recordEventOutcome(this.ctx.db, eventId, { paymentId: payment.id, applied: true });
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
