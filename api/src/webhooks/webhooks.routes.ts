import { z } from 'zod';
import { createWebhookBody, webhookAttemptsDto, webhookEndpointsDto, webhookIdParams, webhookSecretDto } from '@gl/core';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { WebhooksService } from './webhooks.service';

/**
 * /api/webhooks: the caller's outgoing webhook endpoints (Business plan). Events are signed per
 * the Standard Webhooks specification with the endpoint's secret, shown once (create, rotate).
 */
export const webhooksResource = defineResource({
  prefix: '/webhooks',
  tag: 'Webhooks',
  deps: (ctx) => ({ ctx, service: new WebhooksService(ctx) }),
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'List your webhook endpoints',
      auth: 'session',
      response: webhookEndpointsDto,
      errors: [401],
      handler: async ({ req, deps }) => ({ endpoints: await deps.service.list(userIdOf(req)) }),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Add a webhook endpoint (Business plan); its signing secret is shown once',
      description:
        'events: any of generation.completed, line.saved, campaign.completed. In production the URL must be https and resolve only to public addresses (never private, loopback or link-local ones).',
      auth: 'session',
      body: createWebhookBody,
      status: 201,
      response: webhookSecretDto,
      errors: [400, 401, 403, 409],
      handler: ({ req, deps, body }) => deps.service.create(userIdOf(req), body, deps.ctx.links.base),
    }),
    route({
      method: 'post',
      path: '/:id/rotate-secret',
      summary: 'Replace the signing secret (shown once); turns a disabled endpoint back on',
      auth: 'session',
      params: webhookIdParams,
      response: webhookSecretDto,
      errors: [400, 401, 403, 404],
      handler: ({ req, deps, params }) => deps.service.rotate(userIdOf(req), params.id),
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
      response: z.object({ id: z.uuid() }),
      errors: [400, 401, 404],
      handler: async ({ req, deps, params }) => {
        await deps.service.remove(userIdOf(req), params.id);
        return { id: params.id };
      },
    }),
  ],
});
