import { Router } from 'express';
import { newsletterBody } from '@gl/core';
import { Errors, emailJob, isAppError, newsletterRepository } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { ok, parse } from '../http/respond';
import { Limiter, minutesText } from '../services/rate-limit.service';

/** Subscriptions per client IP per hour: plenty for an office behind one address, useless for a spammer. */
export const NEWSLETTER_LIMIT_PER_IP = 10;
const WINDOW_SECONDS = 3600;

/** Like parse(), but the error is the field's own message: 'Please enter a valid email address', as the spec words it. */
function parseBody(body: unknown) {
  try {
    return parse(newsletterBody, body);
  } catch (err) {
    const first = isAppError(err) ? (err.details?.[0] as { message?: string } | undefined) : undefined;
    if (first?.message) throw Errors.validation(first.message, (err as { details?: unknown[] }).details);
    throw err;
  }
}

/**
 * POST /newsletter {email}: stored once (a repeat answers exactly the same, with no second row),
 * then the welcome e-mail goes on the `email` queue.
 */
export function newsletterRoutes(ctx: ApiContext): Router {
  const router = Router();
  const perIp = new Limiter(
    ctx.redis,
    `${ctx.config.REDIS_PREFIX}-rl-newsletter-ip`,
    NEWSLETTER_LIMIT_PER_IP,
    WINDOW_SECONDS,
    (s) => `Too many requests. Please try again in ${minutesText(s)}.`,
  );

  router.post('/', async (req, res) => {
    const { email } = parseBody(req.body);
    await perIp.consume(req.ip ?? 'unknown');
    const { subscriber, created } = await newsletterRepository.subscribe(ctx.db, email);
    // A repeat re-enqueues a welcome still pending (the job id makes that a no-op if it is queued).
    if (created || subscriber.welcomeStatus === 'pending') {
      try {
        await ctx.jobs.enqueue(emailJob, { kind: 'newsletter-welcome', subscriberId: subscriber.id });
      } catch (err) {
        // The subscription is stored; the reconciler enqueues the welcome once Redis is back.
        req.log?.warn({ err: (err as Error).message, subscriberId: subscriber.id }, 'welcome e-mail not enqueued yet');
      }
    }
    ok(res, { subscribed: true });
  });

  return router;
}
