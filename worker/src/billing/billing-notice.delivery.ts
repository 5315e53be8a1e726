import type { Job } from 'bullmq';
import { resolveLanguage } from '@gl/core';
import { billingRepository, paymentsRepository, paypalCancellationsRepository, type Logger } from '@gl/core/server';
import { billingMailBodies } from './billing-mail';
import type { WorkerContext } from '../processor';
import { deliver } from '../email/deliver';

/** A recorded billing e-mail (receipt, reminder, expiry, payment failed, refund, PayPal cancellation): sent once, from its row. */
export async function deliverBillingNotice(ctx: WorkerContext, job: Job, noticeId: string, log: Logger) {
  const found = await billingRepository.findNotice(ctx.db, noticeId);
  if (!found) return { skipped: 'unknown notice' };
  const { notice, name, email } = found;
  // The account's language now, at send time.
  const language = resolveLanguage(found.language);
  if (notice.status !== 'pending') return { skipped: `already ${notice.status}` };
  const payment = notice.paymentId ? await paymentsRepository.findById(ctx.db, notice.paymentId) : undefined;
  if (notice.kind === 'receipt' && !payment?.receiptNumber) return { skipped: 'no receipt' };
  if (notice.kind === 'refund' && !payment) return { skipped: 'no payment' };
  const cancellation = notice.paypalCancellationId
    ? await paypalCancellationsRepository.find(ctx.db, notice.paypalCancellationId)
    : undefined;
  const refund = notice.kind === 'refund' ? await billingRepository.findRefundOfNotice(ctx.db, notice.dedupeKey) : undefined;
  const bodies = billingMailBodies({
    notice,
    name,
    email,
    payment,
    cancellation,
    refund,
    publicUrl: ctx.config.PUBLIC_URL,
    language,
    timeZone: found.timeZone,
  });
  return deliver(
    ctx,
    job,
    {
      mail: { kind: 'billing', to: email, name, ...bodies },
      markDelivered: () => billingRepository.markNoticeDelivered(ctx.db, notice.id),
      markAttemptFailed: (error) => billingRepository.markNoticeAttemptFailed(ctx.db, notice.id, error, false),
    },
    log,
  );
}
