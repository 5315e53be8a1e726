import type { ServerContext } from '../platform/context';
import { emailJob } from '../platform/queues/email.job';

/**
 * Enqueues a recorded billing e-mail (after the transaction that recorded it committed). When the
 * queue is down the row stays pending and the reconciler enqueues it later with the same job id.
 */
export async function enqueueBillingEmail(ctx: Pick<ServerContext, 'jobs' | 'logger'>, noticeId: string): Promise<void> {
  await ctx.jobs.tryEnqueue(emailJob, { kind: 'billing', noticeId }, { log: { noticeId } });
}
