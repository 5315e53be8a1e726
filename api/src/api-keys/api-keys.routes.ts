import { z } from 'zod';
import { apiKeyIdParams, createApiKeyBody, apiKeyCreatedDto, apiKeyDto } from '@gl/core';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { ApiKeysService } from './api-keys.service';

/**
 * GET/POST/DELETE /api-keys. Creating a key needs a plan with API access (business); listing and
 * revoking stay open to the owner, so a user who downgraded can still see and revoke old keys.
 */
export const apiKeysResource = defineResource({
  prefix: '/api-keys',
  tag: 'API keys',
  deps: (ctx) => ({ service: new ApiKeysService(ctx) }),
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'List your API keys',
      auth: 'session',
      response: z.object({ apiKeys: z.array(apiKeyDto) }),
      errors: [401],
      handler: async ({ req, deps }) => ({ apiKeys: await deps.service.list(userIdOf(req)) }),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Create an API key (Business plan); the secret is shown once',
      auth: 'session',
      body: createApiKeyBody,
      status: 201,
      response: apiKeyCreatedDto,
      errors: [400, 401, 403, 409],
      handler: async ({ req, deps, body }) => {
        const { apiKey, key } = await deps.service.create(userIdOf(req), body.name);
        return { apiKey, key };
      },
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Revoke an API key',
      auth: 'session',
      params: apiKeyIdParams,
      response: z.object({ apiKey: apiKeyDto }),
      errors: [400, 401, 404],
      handler: async ({ req, deps, params }) => ({ apiKey: await deps.service.revoke(userIdOf(req), params.id) }),
    }),
  ],
});
