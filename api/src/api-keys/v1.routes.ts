import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  PLANS,
  v1GenerateBody,
  v1SaveLineBody,
  v1GenerateResultDto,
  v1PlansResultDto,
  v1SaveLineResultDto,
  v1UsageResultDto,
  v1PhotoFormFields,
  approvalIdParams,
  v1ApprovalResultDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource, reply } from '../http/route';
import { bearerToken } from '../middleware/authenticate';
import { PublicApiService, type ApiCaller } from './public-api.service';
import { readPhotoForm } from '../photo/photo-upload';
import { PHOTO_DESCRIPTION, photoMultipart } from '../lines/generate-requests';
import { ApprovalsService } from '../approvals/approvals.service';

function callerOf(res: Response): ApiCaller {
  return res.locals.apiCaller as ApiCaller;
}

function v1Deps(ctx: ApiContext) {
  return { api: new PublicApiService(ctx), approvals: new ApprovalsService(ctx) };
}
type V1Deps = ReturnType<typeof v1Deps>;

/** Every v1 route (and the MCP endpoint): `Authorization: Bearer gl_...` of a plan with API access; the caller goes on res.locals. */
export function apiKeyAuth(api: PublicApiService): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals.apiCaller = await api.authenticate(bearerToken(req), req);
    next();
  };
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
  middleware: (deps: V1Deps) => [apiKeyAuth(deps.api)],
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
      errors: [400, 401, 403, 404, 429, 502, 503, 504],
      before: (_req, deps, res) => deps.api.admitGeneration(callerOf(res)),
      handler: async ({ res, deps, body }) => ({ success: true, ...(await deps.api.generate(callerOf(res), body)) }),
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
      errors: [400, 401, 403, 404, 413, 415, 422, 429, 502, 503, 504],
      before: (_req, deps, res) => deps.api.admitGeneration(callerOf(res)),
      handler: async ({ req, res, deps }) => {
        const form = await readPhotoForm(req, res);
        return { success: true, ...(await deps.api.photo(callerOf(res), form, v1PhotoFormFields)) };
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
      handler: async ({ res, deps }) => ({ success: true, usage: await deps.api.usage(callerOf(res)) }),
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
        const result = await deps.api.saveLine(callerOf(res), body);
        return reply(result.alreadySaved ? 200 : 201, { success: true, ...result });
      },
    }),
    route({
      method: 'get',
      path: '/approvals/:id',
      summary: 'An approval link with its lines, versions and decisions',
      description:
        "The same facts as GET /api/approvals/:id: a link the key's owner created or their team shares (404 otherwise), each line's current version and state, every version and every decision (who, what, when, comment). The approval.decided webhook event announces each decision.",
      auth: 'apiKey',
      params: approvalIdParams,
      response: v1ApprovalResultDto,
      topLevel: true,
      errors: [400, 401, 403, 404],
      handler: async ({ res, deps, params }) => ({ success: true, approval: await deps.approvals.forApi(callerOf(res).userId, params.id) }),
    }),
  ],
});
