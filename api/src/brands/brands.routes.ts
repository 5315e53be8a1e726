import { z } from 'zod';
import { brandBody, brandCreateBody, brandIdParams, brandDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { BrandsService } from './brands.service';

/** /api/brands: brand kits (Pro 3, Business 25; Free: 403 PLAN_REQUIRED), personal or shared with the caller's team. */
export const brandsResource = defineResource({
  prefix: '/brands',
  tag: 'Brands',
  deps: (ctx: ApiContext) => ({ brands: new BrandsService(ctx) }),
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: "Your brand kits and your team's",
      description: 'Your own kits first (`teamId` null), then the kits shared with your team (`teamId` set).',
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
        "Name, description, audience, words to use, words to avoid and example lines. Words are trimmed; a word listed twice (any case), an empty word or a word to avoid that is part of the name is refused. Pro keeps 3 kits, Business 25. With `teamId` the kit is shared with that team: only its owner or an admin may create one (another member: 403; not in the team: 404), it counts against the team owner's 25, and a team whose Business plan lapsed is read-only (403 PLAN_REQUIRED).",
      auth: 'session',
      body: brandCreateBody,
      status: 201,
      response: z.object({ brand: brandDto }),
      errors: [400, 401, 403, 404, 409],
      handler: async ({ req, deps, body }) => ({ brand: await deps.brands.create(userIdOf(req), body) }),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: "One of your brand kits (or your team's)",
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
      description:
        'The whole kit, with the same rules as creating one (a kit stays personal or team). Generations already asked for keep the kit as it was. A team kit: its owner and admins only (another member: 403), and not while the team is read-only (403 PLAN_REQUIRED).',
      auth: 'session',
      params: brandIdParams,
      body: brandBody,
      response: z.object({ brand: brandDto }),
      errors: [400, 401, 403, 404],
      handler: async ({ req, deps, params, body }) => ({ brand: await deps.brands.update(userIdOf(req), params.id, body) }),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a brand kit',
      description: 'A team kit: its owner and admins only, and not while the team is read-only.',
      auth: 'session',
      params: brandIdParams,
      response: z.object({ deleted: z.literal(true) }),
      errors: [400, 401, 403, 404],
      handler: async ({ req, deps, params }) => {
        await deps.brands.remove(userIdOf(req), params.id);
        return { deleted: true as const };
      },
    }),
  ],
});
