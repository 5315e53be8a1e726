import { Router, type NextFunction, type Request, type Response } from 'express';
import { PLANS, v1GenerateBody, v1SaveLineBody, type Plan, type UsageSummary } from '@gl/core';
import { AppError, Errors, savedLinesRepository } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { parse } from '../http/respond';
import { bearerToken } from '../middleware/authenticate';
import { API_KEY_PREFIX, ApiKeysService } from '../services/api-keys.service';
import { GenerationService } from '../services/generation.service';
import { generateLimiters } from './generation.routes';

interface ApiCaller {
  userId: string;
  apiKeyId: string;
  plan: Plan;
}

function callerOf(res: Response): ApiCaller {
  return res.locals.apiCaller as ApiCaller;
}

/** The public API's usage block: remaining and total (the daily limit; -1 = unlimited), plus detail. */
function v1Usage(usage: UsageSummary) {
  return {
    remaining: usage.remaining,
    total: usage.limit,
    used: usage.dailyGenerations,
    monthlyGenerations: usage.monthlyGenerations,
    planId: usage.planId,
    resetsAt: usage.resetsAt,
  };
}

/**
 * The public API (/api/v1), authenticated by an API key (`Authorization: Bearer gl_...`) of a
 * plan with API access. Answers are top-level objects (`{ success, lines, usage }`), as the
 * API docs show; errors use the usual envelope.
 */
export function v1Routes(ctx: ApiContext): Router {
  const router = Router();
  const keys = new ApiKeysService(ctx);
  const generations = new GenerationService(ctx);
  const limits = generateLimiters(ctx);

  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) throw Errors.unauthenticated(`API key required: send Authorization: Bearer ${API_KEY_PREFIX}...`);
    res.locals.apiCaller = await keys.authenticate(token);
    next();
  });

  router.post('/generate', async (req, res) => {
    generations.ensureQueueReady();
    const caller = callerOf(res);
    const who = { userId: caller.userId, apiKeyId: caller.apiKeyId, ip: req.ip ?? null, plan: caller.plan };
    await limits.consume(who);
    const body = parse(v1GenerateBody, req.body);
    const accepted = await generations.create(who, body);
    const id = accepted.generation.id;
    const row = await generations.waitForResult(id, ctx.config.V1_WAIT_TIMEOUT_MS);
    if (!row) {
      throw new AppError('UNAVAILABLE', 504, 'The generation is taking longer than expected. Please try again.', {
        data: { id },
      });
    }
    if (row.status !== 'completed') throw Errors.provider(row.error ?? 'The generation failed. Please try again.');
    const usage = await generations.quota.summary({ userId: caller.userId }, caller.plan);
    res.json({ success: true, id, lines: row.lines, source: row.source, usage: v1Usage(usage) });
  });

  router.get('/usage', async (_req, res) => {
    const caller = callerOf(res);
    const usage = await generations.quota.summary({ userId: caller.userId }, caller.plan);
    res.json({ success: true, usage: v1Usage(usage) });
  });

  router.get('/plans', (_req, res) => {
    res.json({ success: true, plans: PLANS });
  });

  router.post('/save-line', async (req, res) => {
    const caller = callerOf(res);
    const body = parse(v1SaveLineBody, req.body);
    const { savedLine, created } = await savedLinesRepository.save(ctx.db, { userId: caller.userId, ...body });
    res.status(created ? 201 : 200).json({ success: true, savedLine, alreadySaved: !created });
  });

  return router;
}
