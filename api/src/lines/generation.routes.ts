import type { Request } from 'express';
import { z } from 'zod';
import {
  generateBody,
  generationIdParams,
  listGenerationsQuery,
  refineBody,
  regenerateBody,
  generationAcceptedDto,
  generationDto,
  REFINEMENTS_MAX,
} from '@gl/core';
import { Errors } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { GenerationService, type Requester } from './generation.service';
import { consumeInOrder, Limiter } from '../shared/rate-limit.service';

/** Abuse limits on generate, beyond the daily quota: per user and per client IP, per minute. */
export function generateLimiters(ctx: ApiContext) {
  const { config } = ctx;
  const message = (s: number) => `Too many generation requests. Please wait ${s} second${s === 1 ? '' : 's'} and try again.`;
  const perUser = new Limiter(ctx.redis, `${config.REDIS_PREFIX}-rl-gen-user`, config.GENERATE_RATE_LIMIT_PER_USER, 60, message);
  const perIp = new Limiter(ctx.redis, `${config.REDIS_PREFIX}-rl-gen-ip`, config.GENERATE_RATE_LIMIT_PER_IP, 60, message);
  return {
    /** Per IP, then per user, in one Redis round trip. */
    async consume(who: Requester): Promise<void> {
      const entries = [{ limiter: perIp, key: who.ip ?? 'unknown' }];
      if (who.userId) entries.push({ limiter: perUser, key: who.userId });
      await consumeInOrder(entries);
    },
  };
}

export function requesterOf(req: Request): Requester {
  // The plan came with the sign-in check (same statement): the generation does not look it up again.
  return { userId: req.auth?.userId ?? null, visitorId: req.visitorId ?? null, ip: req.ip ?? null, plan: req.auth?.plan };
}

/** A signed-out browser must say which visitor room its results go to. */
function requireIdentity(who: Requester): void {
  if (who.userId || who.visitorId) return;
  const message = 'Sign in, or send an X-Visitor-Id header (a UUID) to receive your lines';
  throw Errors.validation(message, [{ path: 'X-Visitor-Id', message }]);
}

function generationDeps(ctx: ApiContext) {
  return { service: new GenerationService(ctx), limits: generateLimiters(ctx) };
}

/** Before the input is read: the queue must be up, and abuse limits count malformed requests too. */
async function queueAndLimits(req: Request, deps: ReturnType<typeof generationDeps>): Promise<void> {
  deps.service.ensureQueueReady();
  await deps.limits.consume(requesterOf(req));
}

/** /api/lines: generate, regenerate one line, read generations. Visitors may generate too. */
export const generationResource = defineResource({
  prefix: '/lines',
  tag: 'Lines',
  deps: generationDeps,
  routes: (route) => [
    route({
      method: 'post',
      path: '/generate',
      summary: 'Start a generation',
      description:
        'Answers 202 at once; the lines arrive over Socket.IO in the user: or visitor: room: generation:line for the first line and for each line that arrives alone, generation:lines for several that arrive together (in order), then generation:completed with all of them. Visitors send X-Visitor-Id.',
      auth: 'optionalSession',
      body: generateBody,
      status: 202,
      response: generationAcceptedDto,
      errors: [400, 403, 404, 429, 503],
      before: queueAndLimits,
      handler: ({ req, deps, body }) => {
        const who = requesterOf(req);
        requireIdentity(who);
        return deps.service.create(who, body);
      },
    }),
    route({
      method: 'post',
      path: '/generations/:id/regenerate',
      summary: 'Replace one line of a generation',
      auth: 'optionalSession',
      params: generationIdParams,
      body: regenerateBody,
      status: 202,
      response: generationAcceptedDto,
      errors: [400, 404, 429, 503],
      before: queueAndLimits,
      handler: ({ req, deps, params, body }) => {
        const who = requesterOf(req);
        requireIdentity(who);
        return deps.service.regenerate(who, params.id, body.index);
      },
    }),
    route({
      method: 'post',
      path: '/generations/:id/refine',
      summary: 'Refine one line of a generation',
      description: `Answers 202; the refined line is appended to the generation's lines (the original stays) and arrives over Socket.IO as generation:line with its new index, then generation:completed with all the lines. Counts as a generation. Actions: shorter (at most 80% of the original's length), longer, punchier, funnier, more_formal, add_emoji, remove_emoji, translate (with language). The generation's platform, switches and brand voice apply. 400 for a line that does not exist or an action not offered for it; 409 while the generation is in progress or once it has ${REFINEMENTS_MAX} refined lines.`,
      auth: 'optionalSession',
      params: generationIdParams,
      body: refineBody,
      status: 202,
      response: generationAcceptedDto,
      errors: [400, 403, 404, 409, 429, 503],
      before: queueAndLimits,
      handler: ({ req, deps, params, body }) => {
        const who = requesterOf(req);
        requireIdentity(who);
        return deps.service.refine(who, params.id, body);
      },
    }),
    route({
      method: 'get',
      path: '/generations/:id',
      summary: 'A generation (owner only)',
      auth: 'optionalSession',
      params: generationIdParams,
      response: z.object({ generation: generationDto }),
      errors: [400, 404],
      handler: async ({ req, deps, params }) => ({ generation: await deps.service.get(requesterOf(req), params.id) }),
    }),
    route({
      method: 'get',
      path: '/generations',
      summary: 'Recent generations',
      auth: 'session',
      query: listGenerationsQuery,
      response: z.object({ generations: z.array(generationDto) }),
      errors: [400, 401],
      handler: async ({ req, deps, query }) => ({ generations: await deps.service.list(userIdOf(req), query.limit) }),
    }),
  ],
});
