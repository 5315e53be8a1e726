/**
 * "Lines that fit" on the /api-docs page (DESIGN.md §13): the platforms and how each counts, the
 * platform, hashtag and emoji fields, and refining one line. Built from the catalogue, so the
 * table cannot drift from what GET /api/platforms answers.
 */
import {
  EMOJI_SOME_MAX,
  HASHTAGS_FEW_MAX,
  LANGUAGES,
  PLATFORMS,
  REFINEMENTS_MAX,
  REFINE_ACTIONS,
  REFINE_SHORTER_RATIO,
} from '@gl/core/types';
import type { PlatformCounting } from '@gl/core/types';
import type { AppRouteDoc, FieldDoc } from './api-examples';

const list = (xs: readonly string[]) => xs.map((x) => `\`${x}\``).join(', ');

export const COUNTING_DOC: Record<PlatformCounting, string> = {
  graphemes: 'characters as a reader sees them: an emoji, a flag or an accented letter counts 1',
  x_weighted: 'as X counts (the `twitter-text` weighted length): an emoji or a CJK character counts 2',
  gsm7: 'one SMS segment of GSM-7 characters (`€ [ ] { } ^ ~ | \\` count 2); any other character, such as an emoji or a curly quote, cuts the segment to 70',
};

/** The platform, hashtag and emoji fields of POST /api/v1/generate (and of the app's generate and compare). */
export const FIT_FIELDS: readonly FieldDoc[] = [
  {
    name: 'platform',
    type: 'string',
    required: false,
    description:
      'Where the lines will be posted; one of the ids `GET /api/platforms` lists. Its limit applies beside `maxChars` (the smaller wins) and its hashtag and emoji defaults apply.',
  },
  {
    name: 'hashtags',
    type: 'string',
    required: false,
    description: `\`none\`: no hashtags; \`few\`: 1 to ${HASHTAGS_FEW_MAX}, at the end. Default: the platform's (\`none\` without one).`,
  },
  {
    name: 'emoji',
    type: 'string',
    required: false,
    description: `\`none\`: no emoji; \`some\`: at most ${EMOJI_SOME_MAX} per line. Default: the platform's.`,
  },
];

export const PLATFORMS_ROUTE: AppRouteDoc = {
  method: 'GET',
  path: '/api/platforms',
  description: 'Every platform with its hard limit, how it counts and its defaults. Public: no key needed.',
};

/** What GET /api/platforms answers (the first two platforms of the catalogue). */
export const PLATFORMS_EXAMPLE = { success: true, data: { platforms: PLATFORMS.slice(0, 2) } };

export const REFINE_ROUTE: AppRouteDoc = {
  method: 'POST',
  path: '/api/lines/generations/:id/refine',
  description:
    'Refines one line of a generation of yours: `202`, then the refined line arrives as the socket event `generation:line` with a new `index` after the existing lines (the original stays), and `generation:completed` with all the lines. The generation keeps its platform, switches and brand voice. Counts as one generation; `409` while the generation is still running or once it has ' +
    `${REFINEMENTS_MAX} refined lines. Called with the web app's session (a signed-in token or the visitor id).`,
};

export const REFINE_FIELDS: readonly FieldDoc[] = [
  {
    name: 'index',
    type: 'integer',
    required: true,
    description: 'The line to refine (0 is the first; a refined line can be refined again).',
  },
  {
    name: 'action',
    type: 'string',
    required: true,
    description: `One of ${list(REFINE_ACTIONS)}. \`shorter\` keeps the subject in at most ${Math.round(REFINE_SHORTER_RATIO * 100)}% of the length; \`add_emoji\` is refused (\`400\`) where the lines keep to no emoji, \`remove_emoji\` on a line without one.`,
  },
  {
    name: 'language',
    type: 'string',
    required: false,
    description: `With \`translate\` (required there): one of ${list(LANGUAGES.map((l) => l.id))}.`,
  },
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

export const REFINE_EXAMPLE_EVENT = {
  event: 'generation:line',
  payload: { id: '0b6f3c2e-5d7a-4f5e-9a51-3e2f1c8d9b10', index: 4, text: 'Kahawa safi, kila asubuhi.' },
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
