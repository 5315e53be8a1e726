import type { z } from 'zod';
import type { contactBody } from '@gl/core';
import { contactMessagesRepository, emailJob } from '@gl/core/server';
import type { ApiContext } from '../api-context';

/** Contact messages: stored first, then the `email` queue delivers them to CONTACT_INBOX. */
export class ContactService {
  constructor(private readonly ctx: ApiContext) {}

  async send(body: z.infer<typeof contactBody>, userId: string | undefined): Promise<{ id: string }> {
    const { ctx } = this;
    const row = await contactMessagesRepository.create(ctx.db, { ...body, userId });
    // Stored is what matters: the reconciler enqueues it once Redis is back. Answering an error
    // here would only make the sender submit the same message twice.
    await ctx.jobs.tryEnqueue(emailJob, { kind: 'contact', messageId: row.id }, { log: { messageId: row.id } });
    return { id: row.id };
  }
}
