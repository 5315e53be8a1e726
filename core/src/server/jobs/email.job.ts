import { z } from 'zod';
import { defineJob } from './define-job';

export const emailJob = defineJob({
  queue: 'email',
  name: 'send',
  schema: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('newsletter-welcome'), subscriberId: z.uuid() }),
    z.object({ kind: z.literal('contact'), messageId: z.uuid() }),
    /**
     * The link's token travels only in the job (PostgreSQL keeps its SHA-256): the worker sends it
     * only while the row still holds that hash, so a revoked or re-sent invitation's old job does nothing.
     */
    z.object({
      kind: z.literal('team-invitation'),
      invitationId: z.uuid(),
      sends: z.number().int().min(1),
      token: z.string().min(43).max(200),
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
