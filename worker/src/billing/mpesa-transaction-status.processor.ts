import { DelayedError, type Job } from 'bullmq';
import {
  MpesaError,
  PAYBILL_EXPIRED_CODE,
  PAYBILL_KIND,
  TX_STATUS_NOT_PAID_NOTE,
  TX_STATUS_QUERY_EVENT,
  TX_STATUS_RESULT_EVENT,
  mpesaClientFor,
  mpesaInitiator,
  mpesaPaybillNumber,
  mpesaTransactionStatusJob,
  mpesaTransactionStatusUrls,
  paymentsRepository,
  type MpesaTransactionStatusJobPayload,
} from '@gl/core/server';
import { registerProcessor, type WorkerContext } from '../processor';
import { STATUS_WINDOW_MS, nextRetryDelay } from './payment-status.processor';

/**
 * Asks Daraja's Transaction Status about a Paybill payment whose C2B validation we accepted but whose
 * confirmation has not come (the STK status check's twin). The answer is posted to the api's ResultURL,
 * which settles the payment; this job only asks, then looks again after a backoff: settled (by the
 * result or a late confirmation) ends it, a definitive "not paid" for this TransID ends it (the payment
 * stays pending until its Paybill window closes), and no answer (a queue timeout, Daraja unreachable)
 * means asking again (after MPESA_STATUS_DELAY_MS, then twice as long each time, at most a minute apart),
 * until 3 minutes after the validation. It never fails a payment itself.
 */
export async function askPaybillTransactionStatus(
  payload: MpesaTransactionStatusJobPayload,
  ctx: WorkerContext,
  job?: Job,
  now = () => Date.now(),
): Promise<{ outcome: string }> {
  const payment = await paymentsRepository.findById(ctx.db, payload.paymentId);
  if (!payment || payment.kind !== PAYBILL_KIND) return { outcome: 'unknown-payment' };
  // An expired one is still asked about: money that moved late counts, as a late confirmation does.
  const expired = payment.status === 'cancelled' && payment.resultCode === PAYBILL_EXPIRED_CODE;
  if (payment.status !== 'pending' && !expired) return { outcome: 'already-settled' };
  if (await paymentsRepository.findByMpesaReceipt(ctx.db, payload.transId)) return { outcome: 'already-settled' };
  const initiator = mpesaInitiator(ctx.config);
  const urls = mpesaTransactionStatusUrls(ctx.config);
  const mpesa = mpesaClientFor(ctx);
  if (!initiator || !urls || !mpesa) return { outcome: 'not-configured' };

  const events = await paymentsRepository.listEvents(ctx.db, payment.id);
  const notPaid = `${TX_STATUS_NOT_PAID_NOTE} ${payload.transId}:`;
  if (events.some((e) => e.kind === TX_STATUS_RESULT_EVENT && e.lastError?.startsWith(notPaid))) return { outcome: 'not-paid' };
  const deadline = payload.validatedAt + STATUS_WINDOW_MS;
  if (now() >= deadline) {
    ctx.logger.warn(
      { paymentId: payment.id, transId: payload.transId },
      'mpesa Transaction Status gave no answer within the window; the payment waits for its confirmation or its expiry',
    );
    return { outcome: 'gave-up' };
  }

  try {
    const { request, ack } = await mpesa.transactionStatus({
      initiator,
      transId: payload.transId,
      partyA: mpesaPaybillNumber(ctx.config),
      resultUrl: urls.resultUrl,
      timeoutUrl: urls.timeoutUrl,
      occasion: payment.accountNumber ?? '',
    });
    const secret = ctx.config.MPESA_CALLBACK_SECRET ?? '';
    await paymentsRepository.insertEvent(ctx.db, {
      provider: 'mpesa',
      kind: TX_STATUS_QUERY_EVENT,
      paymentId: payment.id,
      // What was sent, without the credential and the callback secret, and how Daraja will name its answer.
      payload: {
        ...request,
        ResultURL: request.ResultURL.replace(secret, '[secret]'),
        QueueTimeOutURL: request.QueueTimeOutURL.replace(secret, '[secret]'),
        OriginatorConversationID: ack.OriginatorConversationID,
        ConversationID: ack.ConversationID,
      },
    });
  } catch (err) {
    // Daraja did not take the question (timed out, refused, unreachable): the payment stays pending; asked again below.
    ctx.logger.warn(
      { paymentId: payment.id, err: (err as Error).message, provider: err instanceof MpesaError ? err.providerMessage : undefined },
      'mpesa Transaction Status query failed',
    );
  }
  if (!job?.token) return { outcome: 'asked' };
  const retries = Number((job.data as { retries?: number }).retries ?? 0);
  // The answer comes asynchronously (seconds, at Daraja): look again after the status delay, then twice as long (capped at a minute).
  const delay = nextRetryDelay(retries, Math.max(100, ctx.config.MPESA_STATUS_DELAY_MS), deadline - now());
  await job.updateData({ ...payload, retries: retries + 1 });
  await job.moveToDelayed(now() + Math.max(delay, 1), job.token);
  throw new DelayedError();
}

export const mpesaTransactionStatusProcessor = registerProcessor(mpesaTransactionStatusJob, (payload, ctx, job) =>
  askPaybillTransactionStatus(payload, ctx, job),
);
