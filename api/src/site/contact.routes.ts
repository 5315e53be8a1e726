import { z } from 'zod';
import { contactBody } from '@gl/core';
import { contactMessagesRepository, emailJob } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { Limiter } from '../shared/rate-limit.service';

/** Contact messages per client IP per hour. */
export const CONTACT_LIMIT_PER_IP = 10;
const WINDOW_SECONDS = 3600;

function contactDeps(ctx: ApiContext) {
  return {
    ctx,
    perIp: Limiter.for(ctx, 'contact-ip', { points: CONTACT_LIMIT_PER_IP, seconds: WINDOW_SECONDS, what: 'messages' }),
  };
}

/**
 * POST /contact: the message is stored first (with the signed-in user's id when there is one),
 * then the `email` queue delivers it to CONTACT_INBOX with retries; the row records the outcome.
 */
export const contactResource = defineResource({
  prefix: '/contact',
  tag: 'Site',
  deps: contactDeps,
  routes: (route) => [
    route({
      method: 'post',
      path: '/',
      summary: 'Send a message to the team',
      auth: 'optionalSession',
      body: contactBody,
      status: 202,
      response: z.object({ id: z.uuid() }),
      errors: [400, 429],
      handler: async ({ req, deps: { ctx, perIp }, body }) => {
        await perIp.consume(req.ip ?? 'unknown');
        const row = await contactMessagesRepository.create(ctx.db, { ...body, userId: req.auth?.userId });
        // Stored is what matters: the reconciler enqueues it once Redis is back. Answering an error
        // here would only make the sender submit the same message twice.
        await ctx.jobs.tryEnqueue(emailJob, { kind: 'contact', messageId: row.id }, { log: { messageId: row.id } });
        return { id: row.id };
      },
    }),
  ],
});
