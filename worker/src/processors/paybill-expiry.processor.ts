import { DelayedError } from 'bullmq';
import {
  PAYBILL_EXPIRED_CODE,
  PAYBILL_KIND,
  PAYBILL_WINDOW_MS,
  paybillExpiryJob,
  paymentsRepository,
  settlePayment,
} from '@gl/core/server';
import { registerProcessor } from '../processor';

/**
 * A Paybill payment still pending at the end of its window ends `cancelled` (EXPIRED): the owner's
 * dialog hears it over the socket and the upgrade credit it held is free again. A confirmation that
 * still comes later is honoured (the money moved). Early (a clock moved): waits for the window's end.
 */
export const paybillExpiryProcessor = registerProcessor(paybillExpiryJob, async (payload, ctx, job) => {
  const payment = await paymentsRepository.findById(ctx.db, payload.paymentId);
  if (!payment || payment.kind !== PAYBILL_KIND) return { outcome: 'unknown-payment' };
  if (payment.status !== 'pending') return { outcome: 'already-settled' };
  const endsAt = payment.createdAt.getTime() + PAYBILL_WINDOW_MS;
  if (Date.now() < endsAt && job.token) {
    await job.moveToDelayed(endsAt, job.token);
    throw new DelayedError();
  }
  const settled = await settlePayment(ctx, payment.id, {
    status: 'cancelled',
    resultCode: PAYBILL_EXPIRED_CODE,
    resultDesc: 'Not paid within the Paybill window',
  });
  return { outcome: settled.changed ? 'expired' : 'already-settled' };
});
