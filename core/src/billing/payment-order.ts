import type { BillingInterval, PlanId } from '../platform/catalogue';
import type { BillingQuoteDto } from './billing-lifecycle.contract';
import type { DbOrTx } from '../platform/db/database';
import { AppError } from '../platform/errors';
import { paymentsRepository, type PaymentRow } from './payments.repository';
import { subscriptionsRepository } from './subscriptions.repository';
import { payableAmount } from './credit';
import { billingQuote } from './quote';
import { newAccountNumber } from './mpesa-c2b';
import { isUniqueViolation } from '../platform/db/errors';

/**
 * How long an open order holds the upgrade credit. A PayPal order the buyer walked away from, or an
 * M-Pesa prompt never answered, stops blocking a new upgrade after this (a cancelled, failed or
 * expired order releases it at once). If such an order still completes later, settlement finds the
 * credit used and it buys only what it paid for.
 */
export const CREDIT_RESERVATION_MS = 30 * 60_000;

export const UPGRADE_IN_PROGRESS =
  'An upgrade payment that uses the credit from your current plan is already in progress. Finish it, or cancel it, before starting another.';

/**
 * Records a payment order for (planId, interval) in `currency`, priced by the quote (catalogue price
 * minus upgrade credit), in one transaction under the user's row lock, the lock settlement takes too.
 * The credit is reserved by the order that uses it: while another order of this user that used the
 * credit is open (pending and younger than CREDIT_RESERVATION_MS), a second one is refused with 409
 * and the open payment's id, so the client can offer to cancel it. Orders without credit are never refused here.
 */
export async function createPaymentOrder(
  db: DbOrTx,
  input: {
    userId: string;
    provider: 'paypal' | 'mpesa';
    planId: PlanId;
    interval: BillingInterval;
    currency: 'USD' | 'KES';
    kesPerUsd: number;
    phone?: string;
    /** `one-time` (default) or `mpesa-paybill`. */
    kind?: string;
  },
  now = new Date(),
): Promise<{ payment: PaymentRow; quote: BillingQuoteDto; amount: number }> {
  return db.transaction(async (tx) => {
    await subscriptionsRepository.lockUser(tx, input.userId);
    const quote = await billingQuote(tx, input.userId, input.planId, input.interval, input.kesPerUsd, now);
    const money = input.currency === 'KES' ? quote.kes : quote.usd;
    const amount = payableAmount(money.amountDue);
    if (money.credit > 0) {
      const open = await paymentsRepository.findOpenCreditReservation(tx, input.userId, new Date(now.getTime() - CREDIT_RESERVATION_MS));
      if (open) {
        throw new AppError('CONFLICT', UPGRADE_IN_PROGRESS, {
          data: { pendingPaymentId: open.id, pendingProvider: open.provider },
        });
      }
    }
    const order = {
      userId: input.userId,
      provider: input.provider,
      planId: input.planId,
      interval: input.interval,
      amountMinor: amount,
      creditMinor: money.credit,
      currency: input.currency,
      phone: input.phone ?? null,
      ...(input.kind ? { kind: input.kind } : {}),
    };
    if (input.provider !== 'mpesa') return { payment: await paymentsRepository.insert(tx, order), quote, amount };
    // Every M-Pesa payment gets its own short number (unique for all time): a rare clash draws again.
    for (let attempt = 0; ; attempt++) {
      try {
        const payment = await tx.transaction((sp) => paymentsRepository.insert(sp, { ...order, accountNumber: newAccountNumber() }));
        return { payment, quote, amount };
      } catch (err) {
        if (attempt >= 4 || !isUniqueViolation(err)) throw err;
      }
    }
  });
}
