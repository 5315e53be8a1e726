import { z } from 'zod';
import { brandBody, brandIdParams, brandDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { BrandsService } from '../services/brands.service';

/** /api/brands: brand kits (Pro 3, Business 25; Free: 403 PLAN_REQUIRED), each reachable only by its owner. */
export const brandsResource = defineResource({
  prefix: '/brands',
  tag: 'Brands',
  deps: (ctx: ApiContext) => ({ brands: new BrandsService(ctx) }),
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'Your brand kits',
      auth: 'session',
      response: z.object({ brands: z.array(brandDto) }),
      errors: [401],
      handler: async ({ req, deps }) => ({ brands: await deps.brands.list(userIdOf(req)) }),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Create a brand kit',
      description:
        'Name, description, audience, words to use, words to avoid and example lines. Words are trimmed; a word listed twice (any case), an empty word or a word to avoid that is part of the name is refused. Pro keeps 3 kits, Business 25.',
      auth: 'session',
      body: brandBody,
      status: 201,
      response: z.object({ brand: brandDto }),
      errors: [400, 401, 403, 409],
      handler: async ({ req, deps, body }) => ({ brand: await deps.brands.create(userIdOf(req), body) }),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'One of your brand kits',
      auth: 'session',
      params: brandIdParams,
      response: z.object({ brand: brandDto }),
      errors: [400, 401, 404],
      handler: async ({ req, deps, params }) => ({ brand: await deps.brands.get(userIdOf(req), params.id) }),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Replace a brand kit',
      description: 'The whole kit, with the same rules as creating one. Generations already asked for keep the kit as it was.',
      auth: 'session',
      params: brandIdParams,
      body: brandBody,
      response: z.object({ brand: brandDto }),
      errors: [400, 401, 404],
      handler: async ({ req, deps, params, body }) => ({ brand: await deps.brands.update(userIdOf(req), params.id, body) }),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a brand kit',
      auth: 'session',
      params: brandIdParams,
      response: z.object({ deleted: z.literal(true) }),
      errors: [400, 401, 404],
      handler: async ({ req, deps, params }) => {
        await deps.brands.remove(userIdOf(req), params.id);
        return { deleted: true as const };
      },
    }),
  ],
});
