import { Router } from 'express';
import { contactBody } from '@gl/core';
import { contactMessagesRepository, emailJob } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { ok, parse } from '../http/respond';
import { Limiter, minutesText } from '../services/rate-limit.service';

/** Contact messages per client IP per hour. */
export const CONTACT_LIMIT_PER_IP = 10;
const WINDOW_SECONDS = 3600;

/**
 * POST /contact: the message is stored first (with the signed-in user's id when there is one),
 * then the `email` queue delivers it to CONTACT_INBOX with retries; the row records the outcome.
 */
export function contactRoutes(ctx: ApiContext): Router {
  const router = Router();
  const perIp = new Limiter(
    ctx.redis,
    `${ctx.config.REDIS_PREFIX}-rl-contact-ip`,
    CONTACT_LIMIT_PER_IP,
    WINDOW_SECONDS,
    (s) => `Too many messages. Please try again in ${minutesText(s)}.`,
  );

  router.post('/', async (req, res) => {
    const body = parse(contactBody, req.body);
    await perIp.consume(req.ip ?? 'unknown');
    const row = await contactMessagesRepository.create(ctx.db, { ...body, userId: req.auth?.userId });
    try {
      await ctx.jobs.enqueue(emailJob, { kind: 'contact', messageId: row.id });
    } catch (err) {
      // Stored is what matters: the reconciler enqueues it once Redis is back. Answering an error
      // here would only make the sender submit the same message twice.
      req.log?.warn({ err: (err as Error).message, messageId: row.id }, 'contact message not enqueued yet');
    }
    ok(res, { id: row.id }, 202);
  });

  return router;
}
