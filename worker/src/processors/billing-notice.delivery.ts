import type { Job } from 'bullmq';
import { billingRepository, paymentsRepository, type Logger } from '@gl/core/server';
import { billingMailBodies } from '../email/billing-mail';
import type { WorkerContext } from '../processor';
import { deliver } from '../email/deliver';

/** A recorded billing e-mail (receipt, reminder, expiry, payment failed): sent once, from its row. */
export async function deliverBillingNotice(ctx: WorkerContext, job: Job, noticeId: string, log: Logger) {
  const found = await billingRepository.findNotice(ctx.db, noticeId);
  if (!found) return { skipped: 'unknown notice' };
  const { notice, name, email } = found;
  if (notice.status !== 'pending') return { skipped: `already ${notice.status}` };
  const payment = notice.paymentId ? await paymentsRepository.findById(ctx.db, notice.paymentId) : undefined;
  if (notice.kind === 'receipt' && !payment?.receiptNumber) return { skipped: 'no receipt' };
  const bodies = billingMailBodies({ notice, name, email, payment, publicUrl: ctx.config.PUBLIC_URL });
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
