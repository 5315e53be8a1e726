import express from 'express';
import { newsletterBody, unsubscribeBody, unsubscribeQuery, subscribedDto, unsubscribedDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { languageOf } from '../http/request-language';
import { Limiter } from '../common/rate-limit.service';
import { NewsletterService } from './newsletter.service';

/** Subscriptions per client IP per hour: plenty for an office behind one address, useless for a spammer. */
export const NEWSLETTER_LIMIT_PER_IP = 10;
const WINDOW_SECONDS = 3600;

function newsletterDeps(ctx: ApiContext) {
  return {
    newsletter: new NewsletterService(ctx),
    perIp: Limiter.for(ctx, 'newsletter-ip', { points: NEWSLETTER_LIMIT_PER_IP, seconds: WINDOW_SECONDS, what: 'requests' }),
    unsubscribePerIp: Limiter.for(ctx, 'unsubscribe-ip', { points: ctx.config.AUTH_RATE_LIMIT_PER_IP, seconds: 3600, what: 'requests' }),
  };
}

/**
 * POST /newsletter {email}: stored once (a repeat answers exactly the same, with no second row),
 * then the welcome e-mail goes on the `email` queue. POST /newsletter/unsubscribe: from the link in
 * a newsletter e-mail, or a mail client's RFC 8058 one-click POST.
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
      response: subscribedDto,
      errors: [400, 429],
      handler: async ({ req, deps: { newsletter, perIp }, body }) => {
        await perIp.consume(req.ip ?? 'unknown');
        return newsletter.subscribe(body.email, languageOf(req));
      },
    }),
    route({
      method: 'post',
      path: '/unsubscribe',
      summary: 'Unsubscribe from the newsletter',
      description:
        'The token comes in the query (`?token=`, as in the List-Unsubscribe header; RFC 8058 one-click sends the form body `List-Unsubscribe=One-Click`) ' +
        'or in a JSON body. No cookie or sign-in. Idempotent: repeating answers the same; subscribing again later works.',
      auth: 'none',
      query: unsubscribeQuery,
      body: unsubscribeBody,
      response: unsubscribedDto,
      errors: [400, 429],
      // One-click POSTs are application/x-www-form-urlencoded.
      middleware: [express.urlencoded({ extended: false, limit: '1kb' })],
      before: (req, deps) => deps.unsubscribePerIp.consume(req.ip ?? 'unknown'),
      handler: ({ query, body, deps }) => deps.newsletter.unsubscribe(query.token ?? body.token),
    }),
  ],
});
