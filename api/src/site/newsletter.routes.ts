import { z } from 'zod';
import { newsletterBody } from '@gl/core';
import { emailJob, newsletterRepository } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { languageOf } from '../http/request-language';
import { Limiter } from '../shared/rate-limit.service';

/** Subscriptions per client IP per hour: plenty for an office behind one address, useless for a spammer. */
export const NEWSLETTER_LIMIT_PER_IP = 10;
const WINDOW_SECONDS = 3600;

function newsletterDeps(ctx: ApiContext) {
  return {
    ctx,
    perIp: Limiter.for(ctx, 'newsletter-ip', { points: NEWSLETTER_LIMIT_PER_IP, seconds: WINDOW_SECONDS, what: 'requests' }),
  };
}

/**
 * POST /newsletter {email}: stored once (a repeat answers exactly the same, with no second row),
 * then the welcome e-mail goes on the `email` queue.
 */
export const newsletterResource = defineResource({
  prefix: '/newsletter',
  tag: 'Site',
  deps: newsletterDeps,
  routes: (route) => [
    route({
      method: 'post',
      path: '/',
      summary: 'Subscribe to the newsletter (a repeat answers the same)',
      auth: 'none',
      body: newsletterBody,
      // An invalid address answers 'Please enter a valid email address', not 'email: Please ...'.
      bareValidationMessage: true,
      response: z.object({ subscribed: z.literal(true) }),
      errors: [400, 429],
      handler: async ({ req, deps: { ctx, perIp }, body }) => {
        await perIp.consume(req.ip ?? 'unknown');
        const { subscriber, created } = await newsletterRepository.subscribe(ctx.db, body.email, ctx.links.base, languageOf(req));
        // A repeat re-enqueues a welcome still pending (the job id makes that a no-op if it is queued).
        if (created || subscriber.welcomeStatus === 'pending') {
          // The subscription is stored; the reconciler enqueues the welcome once Redis is back.
          await ctx.jobs.tryEnqueue(
            emailJob,
            { kind: 'newsletter-welcome', subscriberId: subscriber.id },
            { log: { subscriberId: subscriber.id } },
          );
        }
        return { subscribed: true as const };
      },
    }),
  ],
});
