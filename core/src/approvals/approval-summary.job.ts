import { z } from 'zod';
import { defineJob } from '../platform/queues/define-job';

/**
 * The creator's summary e-mail of a link's decisions (round `round`: the summaries sent before it).
 * Enqueued when a decision leaves no line pending, and by the reconciler for links whose last
 * decision is older than the quiet period (APPROVAL_SUMMARY_QUIET_MINUTES). The processor sends it
 * only while the link's row still has that round's decisions pending, so it is sent once.
 */
export const approvalSummaryJob = defineJob({
  queue: 'email',
  name: 'approval-summary',
  schema: z.object({ approvalId: z.uuid(), round: z.int().min(0) }),
  jobId: (p) => `approval-summary-${p.approvalId}-${p.round}`,
  options: { attempts: 10, backoff: { type: 'exponential', delay: 2000 } },
});
export type ApprovalSummaryJobPayload = z.infer<typeof approvalSummaryJob.schema>;
