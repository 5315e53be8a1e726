import { UnrecoverableError } from 'bullmq';
import {
  PaypalApiError,
  REFUND_DUE_CODE,
  REFUND_FAILED_CODE,
  notifyPayment,
  paymentsRepository,
  paypalClientFor,
  paypalRefundJob,
  refundPayment,
} from '@gl/core/server';
import { registerProcessor, type WorkerContext } from '../processor';

const permanent = (err: unknown) =>
  err instanceof PaypalApiError &&
  err.status !== undefined &&
  err.status >= 400 &&
  err.status < 500 &&
  err.status !== 408 &&
  err.status !== 429;

/**
 * Refunds in full a PayPal sale for a subscription we no longer held (recorded `pending` with
 * REFUND_DUE): the payment id is the PayPal-Request-Id, so a retry never refunds twice; the refund
 * then goes through the payment state machine (the payment becomes `refunded`, the customer is told).
 */
export async function refundSale(payload: { paymentId: string }, ctx: WorkerContext) {
  const payment = await paymentsRepository.findById(ctx.db, payload.paymentId);
  if (!payment || payment.status !== 'pending' || payment.resultCode !== REFUND_DUE_CODE || !payment.captureId)
    return { skipped: payment ? `already ${payment.status}` : 'unknown' };
  const client = paypalClientFor(ctx.config);
  if (!client) throw new UnrecoverableError('PayPal is not configured');
  let refund;
  try {
    refund = await client.refundCapture(payment.captureId, `refund-${payment.id}`);
  } catch (err) {
    ctx.logger.warn({ paymentId: payment.id, saleId: payment.captureId, err: (err as Error).message }, 'paypal refund failed');
    if (permanent(err)) throw new UnrecoverableError(`PayPal refused the refund: ${(err as Error).message}`);
    throw err;
  }
  if (refund.status === 'FAILED' || refund.status === 'CANCELLED')
    throw new UnrecoverableError(`PayPal refund ${refund.id} ${refund.status}`);
  const result = await refundPayment(ctx, payment.id, {
    provider: 'paypal',
    providerRefundId: refund.id,
    kind: 'refund',
    amountMinor: payment.amountMinor,
  });
  return { refunded: refund.id, changed: result.changed };
}

export const paypalRefundProcessor = registerProcessor(paypalRefundJob, (payload, ctx) => refundSale(payload, ctx), {
  // Failed for good: the payment says so in the customer's history, and we log it to refund by hand.
  async onFinalFailure(payload, ctx, _job, err) {
    const payment = await paymentsRepository.findById(ctx.db, payload.paymentId);
    if (!payment || payment.status !== 'pending' || payment.resultCode !== REFUND_DUE_CODE) return;
    await paymentsRepository.setResult(ctx.db, payment.id, { resultCode: REFUND_FAILED_CODE, resultDesc: err.message.slice(0, 500) });
    ctx.logger.error(
      { paymentId: payment.id, saleId: payment.captureId, err: err.message },
      'paypal sale could not be refunded: refund it by hand',
    );
    const updated = await paymentsRepository.findById(ctx.db, payment.id);
    if (updated) await notifyPayment(ctx, updated);
  },
});
