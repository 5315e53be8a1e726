import { PLATFORMS, platformsDto } from '@gl/core';
import { defineResource } from '../http/route';

/** GET /api/platforms: where a line can be posted, each platform's hard limit, how it counts and its switch defaults. */
export const platformsResource = defineResource({
  prefix: '/platforms',
  tag: 'Lines',
  deps: () => ({ platforms: PLATFORMS.map((p) => ({ ...p })) }),
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'The platforms a line can be written for',
      description:
        "Each platform's hard limit (`maxChars`, counted as `counting` says: `graphemes` user-perceived characters, `x_weighted` as X counts, `gsm7` one GSM-7 SMS segment) and its default `hashtags` and `emoji` rules. Pass an `id` as `platform` to POST /lines/generate, /lines/compare or /v1/generate.",
      auth: 'none',
      response: platformsDto,
      errors: [],
      handler: ({ res, deps }) => {
        res.setHeader('Cache-Control', 'public, max-age=3600');
        return { platforms: deps.platforms };
      },
    }),
  ],
});
