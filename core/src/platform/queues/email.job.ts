import { z } from 'zod';
import { defineJob } from './define-job';

export const emailJob = defineJob({
  queue: 'email',
  name: 'send',
  schema: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('newsletter-welcome'), subscriberId: z.uuid() }),
    z.object({ kind: z.literal('contact'), messageId: z.uuid() }),
    /**
     * No token in the job (job data is readable in Redis and the queue dashboard for days): the worker
     * makes the link's token right before sending and stores only its SHA-256, for this send only,
     * so a revoked, accepted or re-sent invitation's old job does nothing.
     */
    z.object({
      kind: z.literal('team-invitation'),
      invitationId: z.uuid(),
      sends: z.number().int().min(1),
    }),
    /** An account e-mail stored in outbound_emails (reset, verification, change of e-mail, notices). */
    z.object({ kind: z.literal('outbound'), emailId: z.uuid() }),
    z.object({ kind: z.literal('billing'), noticeId: z.uuid() }),
  ]),
  jobId: (p) =>
    p.kind === 'contact'
      ? `email-contact-${p.messageId}`
      : p.kind === 'team-invitation'
        ? `email-team-invitation-${p.invitationId}-${p.sends}`
        : p.kind === 'outbound'
          ? `email-outbound-${p.emailId}`
          : p.kind === 'billing'
            ? `email-billing-${p.noticeId}`
            : `email-welcome-${p.subscriberId}`,
  options: { attempts: 10, backoff: { type: 'exponential', delay: 2000 } },
});
export type EmailJobPayload = z.infer<typeof emailJob.schema>;
