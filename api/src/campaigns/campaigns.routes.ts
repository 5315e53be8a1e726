import {
  CAMPAIGNS_RUNNING_MAX,
  campaignAcceptedDto,
  campaignDto,
  campaignExportQuery,
  campaignIdParams,
  campaignLineParams,
  campaignLineResultDto,
  campaignsDto,
  createCampaignBody,
  editCampaignLineBody,
  listCampaignsQuery,
  occasionsDto,
  refineCampaignLineBody,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { SENT, defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import type { Response } from 'express';
import { exportCampaign, type CampaignExport } from './campaign-export';
import { CampaignsService, listOccasions } from './campaigns.service';
import { Limiter } from '../common/rate-limit.service';
import { generateLimiters, requesterOf } from '../lines';

/** Header of an ad export: how many lines were left out for being over the ad platform's limit. */
export const OMITTED_LINES_HEADER = 'X-Omitted-Lines';

/** Answers an export as a CSV download, with the count of lines left out in `OMITTED_LINES_HEADER`. */
export function sendCsvExport(res: Response, file: CampaignExport): typeof SENT {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8; header=present');
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader(OMITTED_LINES_HEADER, String(file.omitted));
  res.end(file.csv);
  return SENT;
}

function campaignsDeps(ctx: ApiContext) {
  return {
    campaigns: new CampaignsService(ctx),
    limits: generateLimiters(ctx),
    exportLimiter: Limiter.for(ctx, 'campaign-export', {
      points: 60,
      seconds: 600,
      what: 'exports',
      message: () => 'Too many exports. Please try again in a few minutes.',
    }),
  };
}

/** /api/campaigns: a line per day × platform for an occasion, and its exports (Pro and Business). */
export const campaignsResource = defineResource({
  prefix: '/campaigns',
  tag: 'Campaigns',
  deps: campaignsDeps,
  routes: (route) => [
    route({
      method: 'get',
      path: '/occasions',
      summary: 'Occasions a campaign can be planned for',
      description:
        "The Kenyan calendar (Madaraka, Mashujaa and Jamhuri Days, Eid al-Fitr, Christmas, New Year) and shopping days (Black Friday, back to school, Valentine's Day), each with its next date on or after today (UTC). Eid al-Fitr follows the moon: its dates are the expected ones (Umm al-Qura) for 2026-2030.",
      auth: 'none',
      response: occasionsDto,
      errors: [],
      handler: () => listOccasions(),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Plan a campaign',
      description: `Answers 202 at once with the campaign id; one line per day × platform is then written through the generation queue (each counted as one generation; the daily limit must admit them all, or nothing is started) and streamed over Socket.IO in the user room: campaign:progress for each line, then campaign:completed. startsOn is today (in the account's time zone) or later; days 1-14; platforms 1-4 distinct ids of GET /platforms. Pro and Business plans. A campaign is charged for all the lines it asks for: one point of the per-minute generate limit per line (429 RATE_LIMITED when they are not left), at most ${CAMPAIGNS_RUNNING_MAX} campaigns being written at once per account (409 CONFLICT), and the plan's daily campaign lines (limits.campaignLinesPerDay of GET /plans; past it 429 DAILY_LIMIT_REACHED, with Retry-After until the account's midnight). A refused campaign records nothing.`,
      auth: 'session',
      body: createCampaignBody,
      status: 202,
      response: campaignAcceptedDto,
      errors: [400, 401, 403, 404, 409, 429, 503],
      before: async (req, deps) => {
        deps.campaigns.ensureQueueReady();
        await deps.limits.consume(requesterOf(req));
      },
      // One point was charged before the body was read (malformed requests count too); the rest of
      // the campaign's lines are charged once it is allowed, before anything is recorded.
      handler: ({ req, deps, body }) =>
        deps.campaigns.create(userIdOf(req), body, (lines) =>
          lines > 1 ? deps.limits.consume(requesterOf(req), lines - 1) : Promise.resolve(),
        ),
    }),
    route({
      method: 'get',
      path: '/',
      summary: 'Your campaigns, newest first',
      auth: 'session',
      query: listCampaignsQuery,
      response: campaignsDto,
      errors: [400, 401],
      handler: async ({ req, deps, query }) => ({ campaigns: await deps.campaigns.list(userIdOf(req), query.limit) }),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'A campaign with its days, platforms and lines (owner only)',
      auth: 'session',
      params: campaignIdParams,
      response: campaignDto,
      errors: [400, 401, 404],
      handler: ({ req, deps, params }) => deps.campaigns.get(userIdOf(req), params.id),
    }),
    route({
      method: 'patch',
      path: '/:id/lines/:lineId',
      summary: "Edit a campaign line's text by hand",
      description:
        "The text must fit the line's platform (its limit, counted as the platform counts). Regenerating the line drops the edit.",
      auth: 'session',
      params: campaignLineParams,
      body: editCampaignLineBody,
      response: campaignLineResultDto,
      errors: [400, 401, 404],
      handler: async ({ req, deps, params, body }) => ({
        line: await deps.campaigns.editLine(userIdOf(req), params.id, params.lineId, body.text),
      }),
    }),
    route({
      method: 'post',
      path: '/:id/lines/:lineId/regenerate',
      summary: 'Write a campaign line again',
      description:
        'Answers 202 with the line (status pending); the new line arrives as campaign:progress. Counts as one generation. A line that could not be written (failed) is written afresh; a hand edit is dropped.',
      auth: 'session',
      params: campaignLineParams,
      status: 202,
      response: campaignLineResultDto,
      errors: [400, 401, 403, 404, 409, 429, 503],
      before: async (req, deps) => {
        deps.campaigns.ensureQueueReady();
        await deps.limits.consume(requesterOf(req));
      },
      handler: async ({ req, deps, params }) => ({ line: await deps.campaigns.regenerateLine(userIdOf(req), params.id, params.lineId) }),
    }),
    route({
      method: 'post',
      path: '/:id/lines/:lineId/refine',
      summary: 'Refine a campaign line',
      description:
        "Answers 202 with the line (status pending); the refined line (shorter, longer, punchier, funnier, more_formal, add_emoji, remove_emoji, or translate with language) is written through the line's generation, as POST /lines/generations/:id/refine does, and becomes the campaign's line; it arrives as campaign:progress. Counts as one generation. 409 for a line edited by hand or still being written.",
      auth: 'session',
      params: campaignLineParams,
      body: refineCampaignLineBody,
      status: 202,
      response: campaignLineResultDto,
      errors: [400, 401, 403, 404, 409, 429, 503],
      before: async (req, deps) => {
        deps.campaigns.ensureQueueReady();
        await deps.limits.consume(requesterOf(req));
      },
      handler: async ({ req, deps, params, body }) => ({
        line: await deps.campaigns.refineLine(userIdOf(req), params.id, params.lineId, body),
      }),
    }),
    route({
      method: 'get',
      path: '/:id/export',
      summary: 'Export a campaign as a file',
      description: `format=csv: every written line (date, platform, text, characters). format=google_ads: Google Ads Editor's responsive search ad columns (Campaign, Ad group, Headline 1-15 of at most 30 characters from the Google Ads headline lines, Description 1-4 of at most 90 from the description lines). format=meta_ads: Meta's bulk-upload columns (Campaign Name, Ad Set Name, Ad Name, Title = headline of at most 40 characters, Body = primary text of at most 125), one ad per day. A line over the target's limit is left out, never cut, and counted in the ${OMITTED_LINES_HEADER} header. Text a spreadsheet would run as a formula starts with an apostrophe.`,
      auth: 'session',
      params: campaignIdParams,
      query: campaignExportQuery,
      content: { 'text/csv': { schema: { type: 'string' } } },
      errors: [400, 401, 404, 409, 429],
      handler: async ({ req, res, deps, params, query }) => {
        const userId = userIdOf(req);
        await deps.exportLimiter.consume(userId);
        const campaign = await deps.campaigns.get(userId, params.id);
        const file = exportCampaign(campaign, query.format);
        return sendCsvExport(res, file);
      },
    }),
  ],
});
