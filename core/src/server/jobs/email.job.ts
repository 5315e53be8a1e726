import { z } from 'zod';
import { defineJob } from './define-job';

export const emailJob = defineJob({
  queue: 'email',
  name: 'send',
  schema: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('newsletter-welcome'), subscriberId: z.uuid() }),
    z.object({ kind: z.literal('contact'), messageId: z.uuid() }),
    /** An account e-mail stored in outbound_emails (reset, verification, change of e-mail, notices). */
    z.object({ kind: z.literal('outbound'), emailId: z.uuid() }),
    z.object({ kind: z.literal('billing'), noticeId: z.uuid() }),
  ]),
  jobId: (p) =>
    p.kind === 'contact'
      ? `email-contact-${p.messageId}`
      : p.kind === 'outbound'
        ? `email-outbound-${p.emailId}`
        : p.kind === 'billing'
          ? `email-billing-${p.noticeId}`
          : `email-welcome-${p.subscriberId}`,
  options: { attempts: 10, backoff: { type: 'exponential', delay: 2000 } },
});
export type EmailJobPayload = z.infer<typeof emailJob.schema>;
