import type { Request } from 'express';
import {
  compareBody,
  PHOTO_FIELD,
  compareAcceptedDto,
  photoFormFields,
  generateBody,
  generationIdParams,
  listGenerationsQuery,
  refineBody,
  regenerateBody,
  generationAcceptedDto,
  REFINEMENTS_MAX,
  generationResultDto,
  generationListDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { languageOf } from '../http/request-language';
import { userIdOf } from '../middleware/authenticate';
import { GenerationService } from './generation.service';
import { PhotoService } from '../photo';
import { readPhotoForm } from '../photo';
import { ToneCompareService } from './tone-compare.service';
import { PHOTO_DESCRIPTION, generateLimiters, photoMultipart, requesterOf, requireIdentity } from './generate-requests';

function generationDeps(ctx: ApiContext) {
  const service = new GenerationService(ctx);
  return {
    service,
    compare: new ToneCompareService(service),
    photos: new PhotoService(ctx, service),
    limits: generateLimiters(ctx),
  };
}

/** Before the input is read: the queue must be up, and abuse limits count malformed requests too. */
async function queueAndLimits(req: Request, deps: ReturnType<typeof generationDeps>): Promise<void> {
  deps.service.ensureQueueReady();
  await deps.limits.consume(requesterOf(req));
}

/**
 * /api/lines: generate, regenerate one line, read generations (visitors may generate too); one
 * brief in 2-3 tones at once (Pro and Business); lines about a photo (DESIGN.md §15). The saved
 * lines under /api/lines/save* are the library's (library/saved-lines.routes.ts).
 */
export const linesResource = defineResource({
  prefix: '/lines',
  tag: 'Lines',
  deps: generationDeps,
  routes: (route) => [
    route({
      method: 'post',
      path: '/generate',
      summary: 'Start a generation',
      description:
        'Answers 202 at once; the lines arrive over Socket.IO in the user: or visitor: room: generation:started, with the first line inside it (`lines`) when it comes within 25 ms; generation:line for each later line that arrives alone, generation:lines for several that arrive together (in order); then generation:completed with all of them (`lines`) and, in `newLines`, the last ones not sent before. Visitors send X-Visitor-Id.',
      auth: 'optionalSession',
      // The token's revocation check travels in the accepting statement (one round trip instead of two).
      sessionCheck: 'inHandler',
      body: generateBody,
      status: 202,
      response: generationAcceptedDto,
      errors: [400, 401, 403, 404, 429, 503],
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
      errors: [400, 403, 404, 409, 429, 503],
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
      description: `Answers 202; the refined line is appended to the generation's lines (the original stays) and arrives over Socket.IO with its new index (inside generation:started as lines, or as generation:line if it takes longer than 25 ms), then generation:completed with all the lines. Counts as a generation. Actions: shorter (at most 80% of the original's length), longer, punchier, funnier, more_formal, add_emoji, remove_emoji, translate (with language). The generation's platform, switches and brand voice apply. 400 for a line that does not exist or an action not offered for it; 409 while the generation is in progress or once it has ${REFINEMENTS_MAX} refined lines.`,
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
      response: generationResultDto,
      errors: [400, 404],
      handler: async ({ req, deps, params }) => ({ generation: await deps.service.get(requesterOf(req), params.id, languageOf(req)) }),
    }),
    route({
      method: 'get',
      path: '/generations',
      summary: 'Recent generations',
      auth: 'session',
      query: listGenerationsQuery,
      response: generationListDto,
      errors: [400, 401],
      handler: async ({ req, deps, query }) => ({ generations: await deps.service.list(userIdOf(req), query.limit, languageOf(req)) }),
    }),
    route({
      method: 'post',
      path: '/compare',
      summary: 'Compare tones',
      description:
        'Starts one generation per tone (2 or 3 distinct tones), all at once, each streamed over Socket.IO like POST /lines/generate and each counted as one generation and one point of the per-minute generate limit; a daily limit admits all of them or none. Pro and Business plans.',
      auth: 'optionalSession',
      body: compareBody,
      status: 202,
      response: compareAcceptedDto,
      errors: [400, 403, 404, 429, 503],
      before: queueAndLimits,
      // One point was charged before the body was read; the other tones are charged once the comparison is allowed.
      handler: ({ req, deps, body }) => {
        const who = requesterOf(req);
        return deps.compare.compare(who, body, (generations) =>
          generations > 1 ? deps.limits.consume(who, generations - 1) : Promise.resolve(),
        );
      },
    }),
    route({
      method: 'post',
      path: '/photo',
      summary: 'Start a generation from a photo',
      description: `multipart/form-data: the photo in "${PHOTO_FIELD}" and the fields of POST /lines/generate as form fields. Answers 202 at once; the lines arrive over Socket.IO exactly as for POST /lines/generate. ${PHOTO_DESCRIPTION}`,
      auth: 'session',
      multipart: photoMultipart(generateBody),
      status: 202,
      response: generationAcceptedDto,
      errors: [400, 401, 403, 404, 413, 415, 422, 429, 503],
      before: queueAndLimits,
      handler: async ({ req, res, deps }) =>
        deps.photos.create(requesterOf(req), await readPhotoForm(req, res), photoFormFields, languageOf(req)),
    }),
  ],
});
