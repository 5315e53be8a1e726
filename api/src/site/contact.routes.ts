import { contactBody, idDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { Limiter } from '../common/rate-limit.service';
import { ContactService } from './contact.service';

/** Contact messages per client IP per hour. */
export const CONTACT_LIMIT_PER_IP = 10;
const WINDOW_SECONDS = 3600;

function contactDeps(ctx: ApiContext) {
  return {
    contact: new ContactService(ctx),
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
      response: idDto,
      errors: [400, 429],
      handler: async ({ req, deps: { contact, perIp }, body }) => {
        await perIp.consume(req.ip ?? 'unknown');
        return contact.send(body, req.auth?.userId);
      },
    }),
  ],
});
