import express from 'express';
import { z } from 'zod';
import { unsubscribeBody, unsubscribeQuery } from '@gl/core';
import { Errors, newsletterRepository } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { Limiter } from '../shared/rate-limit.service';
import { sha256 } from '../auth/token.service';

/** POST /api/newsletter/unsubscribe: from the link in a newsletter e-mail, or a mail client's RFC 8058 one-click POST. */
export const newsletterUnsubscribeResource = defineResource({
  prefix: '/newsletter',
  tag: 'Newsletter',
  deps: (ctx: ApiContext) => ({
    ctx,
    perIp: Limiter.for(ctx, 'unsubscribe-ip', { points: ctx.config.AUTH_RATE_LIMIT_PER_IP, seconds: 3600, what: 'requests' }),
  }),
  routes: (route) => [
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
      response: z.object({ unsubscribed: z.literal(true) }),
      errors: [400, 429],
      // One-click POSTs are application/x-www-form-urlencoded.
      middleware: [express.urlencoded({ extended: false, limit: '1kb' })],
      before: (req, deps) => deps.perIp.consume(req.ip ?? 'unknown'),
      handler: async ({ query, body, deps }) => {
        const token = query.token ?? body.token;
        if (!token) throw Errors.invalidToken('This unsubscribe link is not valid.');
        const done = await newsletterRepository.unsubscribeByToken(deps.ctx.db, sha256(token));
        if (!done) throw Errors.invalidToken('This unsubscribe link is not valid.');
        return { unsubscribed: true as const };
      },
    }),
  ],
});
