import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  API_KEY_PREFIX,
  PLANS,
  v1GenerateBody,
  v1SaveLineBody,
  type Plan,
  type UsageSummary,
  v1GenerateResultDto,
  v1PlansResultDto,
  v1SaveLineResultDto,
  v1UsageResultDto,
  v1PhotoFormFields,
} from '@gl/core';
import { AppError, Errors, savedLinesRepository } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { defineResource, reply } from '../http/route';
import { bearerToken } from '../middleware/authenticate';
import { ApiKeysService } from '../services/api-keys.service';
import { GenerationService, type GenerationAccepted } from '../services/generation.service';
import { PhotoService } from '../services/photo.service';
import { readPhotoForm } from '../services/photo-upload';
import { generateLimiters } from './generation.routes';
import { PHOTO_DESCRIPTION, photoMultipart } from './photo.routes';

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

function v1Deps(ctx: ApiContext) {
  const generations = new GenerationService(ctx);
  return { ctx, keys: new ApiKeysService(ctx), generations, photos: new PhotoService(ctx, generations), limits: generateLimiters(ctx) };
}
type V1Deps = ReturnType<typeof v1Deps>;

/** Every v1 route: `Authorization: Bearer gl_...` of a plan with API access; the caller goes on res.locals. */
function apiKeyAuth(deps: V1Deps): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) throw Errors.unauthenticated(`API key required: send Authorization: Bearer ${API_KEY_PREFIX}...`);
    res.locals.apiCaller = await deps.keys.authenticate(token);
    next();
  };
}

const requesterOf = (req: Request, caller: ApiCaller) => ({
  userId: caller.userId,
  apiKeyId: caller.apiKeyId,
  ip: req.ip ?? null,
  plan: caller.plan,
});

/** Waits for an accepted generation and answers its lines (504 after V1_WAIT_TIMEOUT_MS, 502 when it failed). */
async function linesWhenDone({ ctx, generations }: V1Deps, caller: ApiCaller, accepted: GenerationAccepted) {
  const id = accepted.generation.id;
  const row = await generations.waitForResult(id, ctx.config.V1_WAIT_TIMEOUT_MS);
  if (!row) {
    throw new AppError('UNAVAILABLE', 504, 'The generation is taking longer than expected. Please try again.', {
      data: { id },
    });
  }
  if (row.status !== 'completed') throw Errors.provider(row.error ?? 'The generation failed. Please try again.');
  const usage = await generations.quota.summary({ userId: caller.userId }, caller.plan);
  return { success: true, id, lines: row.lines, source: row.source, usage: v1Usage(usage) };
}

async function v1Limits(req: Request, deps: V1Deps, res: Response): Promise<void> {
  deps.generations.ensureQueueReady();
  await deps.limits.consume(requesterOf(req, callerOf(res)));
}

/**
 * The public API (/api/v1), authenticated by an API key (`Authorization: Bearer gl_...`) of a
 * plan with API access. Answers are top-level objects (`{ success, lines, usage }`), as the
 * API docs show; errors use the usual envelope.
 */
export const v1Resource = defineResource({
  prefix: '/v1',
  tag: 'Public API',
  deps: v1Deps,
  middleware: (deps) => [apiKeyAuth(deps)],
  routes: (route) => [
    route({
      method: 'post',
      path: '/generate',
      summary: 'Generate lines and wait for them',
      description: 'Enqueues a generation and answers when it completes (within 30 seconds). Counts towards the plan like any generation.',
      auth: 'apiKey',
      body: v1GenerateBody,
      response: v1GenerateResultDto,
      topLevel: true,
      errors: [400, 401, 403, 429, 502, 503, 504],
      before: v1Limits,
      handler: async ({ req, res, deps, body }) => {
        const caller = callerOf(res);
        return linesWhenDone(deps, caller, await deps.generations.create(requesterOf(req, caller), body));
      },
    }),
    route({
      method: 'post',
      path: '/photo',
      summary: 'Generate lines from a photo and wait for them',
      description: `multipart/form-data: the photo in "image" and the fields of POST /v1/generate as form fields (e.g. curl -F image=@shop.jpg -F category=captions). Answers like POST /v1/generate when the lines are ready (within 30 seconds). ${PHOTO_DESCRIPTION}`,
      auth: 'apiKey',
      multipart: photoMultipart(v1GenerateBody),
      response: v1GenerateResultDto,
      topLevel: true,
      errors: [400, 401, 403, 413, 415, 422, 429, 502, 503, 504],
      before: v1Limits,
      handler: async ({ req, res, deps }) => {
        const caller = callerOf(res);
        const form = await readPhotoForm(req, res);
        return linesWhenDone(deps, caller, await deps.photos.create(requesterOf(req, caller), form, v1PhotoFormFields));
      },
    }),
    route({
      method: 'get',
      path: '/usage',
      summary: 'Usage of the key owner',
      auth: 'apiKey',
      response: v1UsageResultDto,
      topLevel: true,
      errors: [401, 403],
      handler: async ({ res, deps }) => {
        const caller = callerOf(res);
        const usage = await deps.generations.quota.summary({ userId: caller.userId }, caller.plan);
        return { success: true, usage: v1Usage(usage) };
      },
    }),
    route({
      method: 'get',
      path: '/plans',
      summary: 'The plans and their limits',
      auth: 'apiKey',
      response: v1PlansResultDto,
      topLevel: true,
      errors: [401, 403],
      handler: () => ({ success: true, plans: PLANS }),
    }),
    route({
      method: 'post',
      path: '/save-line',
      summary: 'Save a line to the library',
      description: '201 when the line is new; 200 with alreadySaved true when the same text is already saved.',
      auth: 'apiKey',
      body: v1SaveLineBody,
      status: 201,
      response: v1SaveLineResultDto,
      topLevel: true,
      errors: [400, 401, 403],
      handler: async ({ res, deps, body }) => {
        const caller = callerOf(res);
        const { savedLine, created } = await savedLinesRepository.save(deps.ctx.db, { userId: caller.userId, ...body });
        return reply(created ? 201 : 200, { success: true, savedLine, alreadySaved: !created });
      },
    }),
  ],
});
