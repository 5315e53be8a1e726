import { DelayedError, type Job } from 'bullmq';
import {
  MpesaError,
  USER_CANCELLED_CODE,
  mpesaClientFor,
  mpesaOutcome,
  normalizeResultCode,
  paymentStatusJob,
  paymentsRepository,
  settlePayment,
} from '@gl/core/server';
import { registerProcessor, type WorkerContext } from '../processor';

/** How long after the push the status check keeps asking while Daraja says "still processing". */
export const STATUS_WINDOW_MS = 3 * 60_000;
const MAX_RETRY_DELAY_MS = 60_000;

/** First retry delay: 5 s with the default 30 s status delay, scaled down when tests shorten it. */
export function retryBaseMs(statusDelayMs: number): number {
  return Math.min(5000, Math.max(100, Math.round(statusDelayMs / 6)));
}

/** Exponential backoff (base, 2x base, 4x ...) capped at a minute and never past the window. */
export function nextRetryDelay(retries: number, baseMs: number, msLeft: number): number {
  return Math.max(0, Math.min(baseMs * 2 ** retries, MAX_RETRY_DELAY_MS, msLeft));
}

/**
 * The delayed M-Pesa status check (STK query). ResultCode "0" completes the payment, "1032" is a
 * cancellation, any other code a failure. While Daraja answers "The transaction is being processed"
 * the job re-schedules itself with backoff until 3 minutes after the push, then gives up and leaves
 * the payment pending for the callback or the reconciler: it fails a payment only on a real result.
 * A payment already settled (the callback came first) makes this a no-op.
 */
export async function checkMpesaPayment(
  payload: { paymentId: string; checkoutRequestID: string },
  ctx: WorkerContext,
  job?: Job,
  now = () => Date.now(),
): Promise<{ outcome: string }> {
  const payment = await paymentsRepository.findById(ctx.db, payload.paymentId);
  if (!payment || payment.provider !== 'mpesa' || payment.providerRef !== payload.checkoutRequestID) return { outcome: 'unknown-payment' };
  // A payment the user cancelled in the app is still checked: if Daraja says the money moved, it counts.
  const userCancelled = payment.status === 'cancelled' && payment.resultCode === USER_CANCELLED_CODE;
  if (payment.status !== 'pending' && !userCancelled) return { outcome: 'already-settled' };
  const mpesa = mpesaClientFor(ctx);
  if (!mpesa) return { outcome: 'mpesa-not-configured' };

  const deadline = payment.createdAt.getTime() + STATUS_WINDOW_MS;
  try {
    const result = await mpesa.stkQuery(payload.checkoutRequestID);
    const code = normalizeResultCode(result.ResultCode);
    if (code === undefined) throw new Error(`Daraja answered an unreadable ResultCode: ${JSON.stringify(result.ResultCode).slice(0, 40)}`);
    const settled = await settlePayment(
      ctx,
      payment.id,
      mpesaOutcome(code, result.ResultDesc ?? '', { source: 'query', ResultCode: result.ResultCode }),
    );
    return { outcome: settled.changed ? `settled-${settled.payment?.status}` : 'already-settled' };
  } catch (err) {
    const msLeft = deadline - now();
    const stillProcessing = err instanceof MpesaError && err.stillProcessing;
    if (msLeft <= 0) {
      ctx.logger.warn(
        { paymentId: payment.id, stillProcessing, err: (err as Error).message },
        'mpesa status unknown after the check window; leaving the payment pending for the callback',
      );
      return { outcome: 'gave-up' };
    }
    if (stillProcessing && job?.token) {
      const retries = Number((job.data as { retries?: number }).retries ?? 0);
      const delay = nextRetryDelay(retries, retryBaseMs(ctx.config.MPESA_STATUS_DELAY_MS), msLeft);
      await job.updateData({ ...payload, retries: retries + 1 });
      await job.moveToDelayed(now() + delay, job.token);
      throw new DelayedError();
    }
    // A network error or an unexpected answer: BullMQ's attempts and backoff try again.
    ctx.logger.warn(
      { paymentId: payment.id, err: (err as Error).message, provider: (err as MpesaError).providerMessage },
      'mpesa status check failed',
    );
    throw err;
  }
}

export const paymentStatusProcessor = registerProcessor(paymentStatusJob, (payload, ctx, job) => checkMpesaPayment(payload, ctx, job));
