import { compareBody, compareAcceptedDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { GenerationService } from './generation.service';
import { ToneCompareService } from './tone-compare.service';
import { generateLimiters, requesterOf } from './generation.routes';

function compareDeps(ctx: ApiContext) {
  const generations = new GenerationService(ctx);
  return { generations, compare: new ToneCompareService(generations), limits: generateLimiters(ctx) };
}

/** POST /api/lines/compare: one brief in 2-3 tones at once (Pro and Business). */
export const compareResource = defineResource({
  prefix: '/lines',
  tag: 'Lines',
  deps: compareDeps,
  routes: (route) => [
    route({
      method: 'post',
      path: '/compare',
      summary: 'Compare tones',
      description:
        'Starts one generation per tone (2 or 3 distinct tones), all at once, each streamed over Socket.IO like POST /lines/generate and each counted as one generation; a daily limit admits all of them or none. Pro and Business plans.',
      auth: 'optionalSession',
      body: compareBody,
      status: 202,
      response: compareAcceptedDto,
      errors: [400, 403, 404, 429, 503],
      before: async (req, deps) => {
        deps.generations.ensureQueueReady();
        await deps.limits.consume(requesterOf(req));
      },
      handler: ({ req, deps, body }) => deps.compare.compare(requesterOf(req), body),
    }),
  ],
});
