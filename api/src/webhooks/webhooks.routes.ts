import {
  createWebhookBody,
  webhookAttemptsDto,
  webhookEndpointsDto,
  webhookIdParams,
  webhookSecretDto,
  idDto,
  WEBHOOK_CHANGES_PER_HOUR,
  WEBHOOK_EVENT_TYPES,
} from '@gl/core';
import { Limiter } from '../common/rate-limit.service';
import { defineResource } from '../http/route';
import { languageOf } from '../http/request-language';
import { userIdOf } from '../middleware/authenticate';
import { WebhooksService } from './webhooks.service';

/**
 * /api/webhooks: the caller's outgoing webhook endpoints (Business plan). Events are signed per
 * the Standard Webhooks specification with the endpoint's secret, shown once (create, rotate).
 */
export const webhooksResource = defineResource({
  prefix: '/webhooks',
  tag: 'Webhooks',
  deps: (ctx) => ({
    ctx,
    service: new WebhooksService(ctx),
    // Adding an endpoint resolves its host and e-mails the owner, as does rotating a secret: both are bounded per account.
    changes: Limiter.for(ctx, 'webhook-change', { points: WEBHOOK_CHANGES_PER_HOUR, seconds: 3600, what: 'webhook changes' }),
  }),
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'List your webhook endpoints',
      auth: 'session',
      response: webhookEndpointsDto,
      errors: [401],
      handler: async ({ req, deps }) => ({ endpoints: await deps.service.list(userIdOf(req), languageOf(req)) }),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Add a webhook endpoint (Business plan); its signing secret is shown once',
      description: `events: any of ${WEBHOOK_EVENT_TYPES.join(', ')}. The URL must resolve only to public addresses (never private, loopback or link-local ones; IPv6 only from 2000::/3) unless the server sets WEBHOOKS_ALLOW_PRIVATE, and must be https in production. At most ${WEBHOOK_CHANGES_PER_HOUR} endpoints added or secrets rotated per hour; the owner is e-mailed about each.`,
      auth: 'session',
      body: createWebhookBody,
      status: 201,
      response: webhookSecretDto,
      errors: [400, 401, 403, 409, 429],
      handler: async ({ req, deps, body }) => {
        await deps.changes.consume(userIdOf(req));
        return deps.service.create(userIdOf(req), body, deps.ctx.links.base, languageOf(req));
      },
    }),
    route({
      method: 'post',
      path: '/:id/rotate-secret',
      summary: 'Replace the signing secret (shown once); turns a disabled endpoint back on; the owner is e-mailed',
      auth: 'session',
      params: webhookIdParams,
      response: webhookSecretDto,
      errors: [400, 401, 403, 404, 429],
      handler: async ({ req, deps, params }) => {
        await deps.changes.consume(userIdOf(req));
        return deps.service.rotate(userIdOf(req), params.id, deps.ctx.links.base, languageOf(req));
      },
    }),
    route({
      method: 'get',
      path: '/:id/attempts',
      summary: 'The latest delivery attempts to an endpoint, newest first',
      auth: 'session',
      params: webhookIdParams,
      response: webhookAttemptsDto,
      errors: [400, 401, 404],
      handler: async ({ req, deps, params }) => ({ attempts: await deps.service.attempts(userIdOf(req), params.id) }),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a webhook endpoint (its pending deliveries are dropped)',
      auth: 'session',
      params: webhookIdParams,
      response: idDto,
      errors: [400, 401, 404],
      handler: async ({ req, deps, params }) => {
        await deps.service.remove(userIdOf(req), params.id);
        return { id: params.id };
      },
    }),
  ],
});
