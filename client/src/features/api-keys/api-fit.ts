/**
 * "Lines that fit" on the /api-docs page (DESIGN.md §13): the platforms and how each counts, the
 * platform, hashtag and emoji fields, and refining one line. Built from the catalogue, so the
 * table cannot drift from what GET /api/platforms answers.
 */
import { EMOJI_SOME_MAX, HASHTAGS_FEW_MAX, PLATFORMS, REFINEMENTS_MAX, REFINE_ACTIONS, REFINE_SHORTER_RATIO } from '@gl/core/types';
import type { PlatformCounting } from '@gl/core/types';
import type { AppRouteDoc, FieldDoc } from './api-doc-types';

const list = (xs: readonly string[]) => xs.map((x) => `\`${x}\``).join(', ');

/** The values the fit prose (`apiDocs:fit`) interpolates. */
export const FIT_PARAMS = {
  hashtagsFewMax: HASHTAGS_FEW_MAX,
  emojiSomeMax: EMOJI_SOME_MAX,
  refinementsMax: REFINEMENTS_MAX,
  refineActions: list(REFINE_ACTIONS),
  shorterPct: Math.round(REFINE_SHORTER_RATIO * 100),
};

/** How each platform counts; the text of each is `apiDocs:fit.countings.<counting>`. */
export const COUNTINGS: readonly PlatformCounting[] = ['graphemes', 'x_weighted', 'gsm7'];

/** The platform, hashtag and emoji fields of POST /api/v1/generate (and of the app's generate and compare). */
export const FIT_FIELDS: readonly FieldDoc[] = [
  { name: 'platform', type: 'string', required: false },
  { name: 'hashtags', type: 'string', required: false },
  { name: 'emoji', type: 'string', required: false },
];

export const PLATFORMS_ROUTE: AppRouteDoc = { id: 'platforms', method: 'GET', path: '/api/platforms' };

export const PLATFORMS_EXAMPLE = { success: true, data: { platforms: PLATFORMS.slice(0, 2) } };

export const REFINE_ROUTE: AppRouteDoc = { id: 'refine', method: 'POST', path: '/api/lines/generations/:id/refine' };

/** Their descriptions are `apiDocs:fit.refineFields.<name>`. */
export const REFINE_FIELDS: readonly FieldDoc[] = [
  { name: 'index', type: 'integer', required: true },
  { name: 'action', type: 'string', required: true },
  { name: 'language', type: 'string', required: false },
];

export const REFINE_EXAMPLE_BODY = { index: 1, action: 'translate', language: 'sw' };

/** The 202 answer: the generation is running again, and today's usage (a refinement counts as one generation). */
export const REFINE_EXAMPLE_ANSWER = {
  success: true,
  data: {
    generation: { id: '0b6f3c2e-5d7a-4f5e-9a51-3e2f1c8d9b10', status: 'pending' },
    usage: {
      planId: 'pro',
      dailyGenerations: 6,
      monthlyGenerations: 42,
      limit: -1,
      remaining: -1,
      resetsAt: '2026-11-23T00:00:00.000Z',
    },
  },
};

/** The refined line is the attempt's first: it comes inside generation:started (one message). */
export const REFINE_EXAMPLE_EVENT = {
  event: 'generation:started',
  payload: { id: '0b6f3c2e-5d7a-4f5e-9a51-3e2f1c8d9b10', lines: [{ index: 4, text: 'Kahawa safi, kila asubuhi.' }] },
};

/** The refine call from a shell, with the web app's session token. */
export function refineCurl(origin: string): string {
  return [
    `curl -X POST ${origin}/api/lines/generations/0b6f3c2e-5d7a-4f5e-9a51-3e2f1c8d9b10/refine \\`,
    '  -H "Authorization: Bearer <session token>" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '${JSON.stringify(REFINE_EXAMPLE_BODY)}'`,
  ].join('\n');
}
