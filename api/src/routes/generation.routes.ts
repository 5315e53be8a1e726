import { Router, type Request } from 'express';
import { generateBody, generationIdParams, listGenerationsQuery, regenerateBody } from '@gl/core';
import { Errors } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { ok, parse } from '../http/respond';
import { requireUser, userIdOf } from '../middleware/authenticate';
import { GenerationService, type Requester } from '../services/generation.service';
import { Limiter } from '../services/rate-limit.service';

/** Abuse limits on generate, beyond the daily quota: per user and per client IP, per minute. */
export function generateLimiters(ctx: ApiContext) {
  const { config } = ctx;
  const message = (s: number) => `Too many generation requests. Please wait ${s} second${s === 1 ? '' : 's'} and try again.`;
  const perUser = new Limiter(ctx.redis, `${config.REDIS_PREFIX}-rl-gen-user`, config.GENERATE_RATE_LIMIT_PER_USER, 60, message);
  const perIp = new Limiter(ctx.redis, `${config.REDIS_PREFIX}-rl-gen-ip`, config.GENERATE_RATE_LIMIT_PER_IP, 60, message);
  return {
    async consume(who: Requester): Promise<void> {
      await perIp.consume(who.ip ?? 'unknown');
      if (who.userId) await perUser.consume(who.userId);
    },
  };
}

export function requesterOf(req: Request): Requester {
  return { userId: req.auth?.userId ?? null, visitorId: req.visitorId ?? null, ip: req.ip ?? null };
}

/** A signed-out browser must say which visitor room its results go to. */
function requireIdentity(who: Requester): void {
  if (who.userId || who.visitorId) return;
  const message = 'Sign in, or send an X-Visitor-Id header (a UUID) to receive your lines';
  throw Errors.validation(message, [{ path: 'X-Visitor-Id', message }]);
}

/** POST /lines/generate, GET /lines/generations(/:id), POST /lines/generations/:id/regenerate. */
export function generationRoutes(ctx: ApiContext): Router {
  const router = Router();
  const service = new GenerationService(ctx);
  const limits = generateLimiters(ctx);

  router.post('/generate', async (req, res) => {
    service.ensureQueueReady();
    const who = requesterOf(req);
    await limits.consume(who);
    const body = parse(generateBody, req.body);
    requireIdentity(who);
    ok(res, await service.create(who, body), 202);
  });

  router.post('/generations/:id/regenerate', async (req, res) => {
    service.ensureQueueReady();
    const who = requesterOf(req);
    await limits.consume(who);
    const { id } = parse(generationIdParams, req.params);
    const { index } = parse(regenerateBody, req.body);
    requireIdentity(who);
    ok(res, await service.regenerate(who, id, index), 202);
  });

  router.get('/generations/:id', async (req, res) => {
    const { id } = parse(generationIdParams, req.params);
    ok(res, { generation: await service.get(requesterOf(req), id) });
  });

  router.get('/generations', requireUser, async (req, res) => {
    const { limit } = parse(listGenerationsQuery, req.query);
    ok(res, { generations: await service.list(userIdOf(req), limit) });
  });

  return router;
}
