import {
  addApprovalLinesBody,
  APPROVAL_LINES_MAX,
  APPROVAL_OPEN_LINKS_MAX,
  approvalCreatedDto,
  approvalExportQuery,
  approvalIdParams,
  approvalLineParams,
  approvalRefineAcceptedDto,
  approvalTokenDto,
  refineApprovalLineBody,
  renewApprovalTokenBody,
  approvalResultDto,
  approvalsDto,
  approvedLinesSavedDto,
  createApprovalBody,
  extendApprovalBody,
  listApprovalsQuery,
  saveApprovedBody,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { Limiter } from '../common/rate-limit.service';
import { OMITTED_LINES_HEADER, sendCsvExport } from '../campaigns';
import { generateLimiters, requesterOf } from '../lines';
import { ApprovalsService } from './approvals.service';
import { exportApproval } from './approval-export';

function approvalsDeps(ctx: ApiContext) {
  return {
    approvals: new ApprovalsService(ctx),
    generateLimits: generateLimiters(ctx),
    createLimiter: Limiter.for(ctx, 'approval-create', { points: 30, seconds: 3600, what: 'approval links' }),
    exportLimiter: Limiter.for(ctx, 'campaign-export', {
      points: 60,
      seconds: 600,
      what: 'exports',
      message: () => 'Too many exports. Please try again in a few minutes.',
    }),
  };
}

/** /api/approvals: client approval links (DESIGN.md §21), for their creator and the creator's team (Business). */
export const approvalsResource = defineResource({
  prefix: '/approvals',
  tag: 'Approvals',
  deps: approvalsDeps,
  routes: (route) => [
    route({
      method: 'post',
      path: '/',
      summary: 'Share lines with a client for approval',
      description: `Business plan (403 PLAN_REQUIRED otherwise). Copies the lines as they are now (a snapshot: later edits of the source change nothing) from the caller's generation ({generationId, indexes?}), a campaign of the caller or their team ({campaignId, lineIds?}) or lines of the caller's or their team's library ({savedLineIds}); at most ${APPROVAL_LINES_MAX} lines. Answers 201 with the link: the token and the url (/approve/<token>, /sw/approve/<token> in Kiswahili) are shown only in this answer. teamId (the caller's team): its members see the link and its decisions live. At most ${APPROVAL_OPEN_LINKS_MAX} open links per account (409 CONFLICT).`,
      auth: 'session',
      body: createApprovalBody,
      status: 201,
      response: approvalCreatedDto,
      errors: [400, 401, 403, 404, 409, 429],
      before: (req, deps) => deps.createLimiter.consume(userIdOf(req)),
      handler: ({ req, deps, body }) => deps.approvals.create(userIdOf(req), body),
    }),
    route({
      method: 'get',
      path: '/',
      summary: "Your approval links and your team's, newest first",
      auth: 'session',
      query: listApprovalsQuery,
      response: approvalsDto,
      errors: [400, 401],
      handler: async ({ req, deps, query }) => ({ approvals: await deps.approvals.list(userIdOf(req), query) }),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'An approval link with its lines, their versions and every decision',
      description: "The creator's, or a member of the link's team; 404 for anyone else.",
      auth: 'session',
      params: approvalIdParams,
      response: approvalResultDto,
      errors: [400, 401, 404],
      handler: async ({ req, deps, params }) => ({ approval: await deps.approvals.get(userIdOf(req), params.id) }),
    }),
    route({
      method: 'post',
      path: '/:id/revoke',
      summary: 'Revoke an approval link',
      description: 'The link answers 404 from now on; the pages open on it hear approval:closed. Its decisions stay.',
      auth: 'session',
      params: approvalIdParams,
      response: approvalResultDto,
      errors: [400, 401, 404],
      handler: async ({ req, deps, params }) => ({ approval: await deps.approvals.revoke(userIdOf(req), params.id) }),
    }),
    route({
      method: 'post',
      path: '/:id/extend',
      summary: 'Extend an approval link',
      description:
        'Adds days (default 14) to the expiry, or to now when it has passed; never more than 90 days from now. 409 for a revoked link.',
      auth: 'session',
      params: approvalIdParams,
      body: extendApprovalBody,
      response: approvalResultDto,
      errors: [400, 401, 403, 404, 409],
      handler: async ({ req, deps, params, body }) => ({ approval: await deps.approvals.extend(userIdOf(req), params.id, body.days) }),
    }),
    route({
      method: 'post',
      path: '/:id/unlock',
      summary: 'Unlock an approval link locked by wrong PINs',
      auth: 'session',
      params: approvalIdParams,
      response: approvalResultDto,
      errors: [400, 401, 404],
      handler: async ({ req, deps, params }) => ({ approval: await deps.approvals.unlock(userIdOf(req), params.id) }),
    }),
    route({
      method: 'post',
      path: '/:id/lines',
      summary: 'Share a new version of lines on the same link',
      description:
        'A line with replaces (the id of a line of this link) becomes its next version: pending again, its earlier versions and decisions kept; a line without it is added. The client pages open on the link see it at once (approval:line). 409 for a revoked link.',
      auth: 'session',
      params: approvalIdParams,
      body: addApprovalLinesBody,
      response: approvalResultDto,
      errors: [400, 401, 403, 404, 409],
      handler: async ({ req, deps, params, body }) => ({ approval: await deps.approvals.addLines(userIdOf(req), params.id, body) }),
    }),
    route({
      method: 'post',
      path: '/:id/lines/:lineId/refine',
      summary: 'Refine a line of an approval link',
      description:
        "Business plan. The generator's refine actions (shorter, longer, punchier, funnier, more_formal, add_emoji, remove_emoji, translate with language) with the rules, limits and quota of POST /lines/generations/{id}/refine: through the generation the line came from when it is the caller's and still holds the line, else from the line's text (a line from a library, a teammate's campaign or a rewrite), in a generation of its own. Answers 202 with the generation to follow (generation:line, generation:completed, or GET /lines/generations/{id}) and the index its refined line will take. The client sees nothing until the line is re-shared (POST /approvals/{id}/lines with replaces and from). 409 for a revoked link.",
      auth: 'session',
      params: approvalLineParams,
      body: refineApprovalLineBody,
      status: 202,
      response: approvalRefineAcceptedDto,
      errors: [400, 401, 403, 404, 409, 429, 503],
      before: async (req, deps) => {
        await deps.generateLimits.consume(requesterOf(req));
      },
      handler: ({ req, deps, params, body }) =>
        deps.approvals.refineLine({ userId: userIdOf(req), ip: requesterOf(req).ip }, params.id, params.lineId, body),
    }),
    route({
      method: 'post',
      path: '/:id/token',
      summary: 'A new link for an approval',
      description:
        'Business plan. A new token (and url, shown only in this answer) for the same approval, its lines and decisions; the old link answers the same 404 as an unknown one at once, and the pages open on it hear approval:closed. A PIN is bound to its token: a link with a PIN needs pin (the same or another; 400 without), and pin on a link without one adds one. Wrong-PIN counts and a lock start again. 409 for a revoked link.',
      auth: 'session',
      params: approvalIdParams,
      body: renewApprovalTokenBody,
      response: approvalTokenDto,
      errors: [400, 401, 403, 404, 409],
      handler: ({ req, deps, params, body }) => deps.approvals.renewToken(userIdOf(req), params.id, body),
    }),
    route({
      method: 'post',
      path: '/:id/save-approved',
      summary: 'Save the approved lines to a library',
      description:
        "The approved lines (current versions) go to the team library (the default for a team's link; the caller must be a member) or the caller's own, each marked approvedBy {name, at}. A line already there is marked, not saved twice. 409 while no line is approved.",
      auth: 'session',
      params: approvalIdParams,
      body: saveApprovedBody,
      response: approvedLinesSavedDto,
      errors: [400, 401, 403, 404, 409],
      handler: ({ req, deps, params, body }) => deps.approvals.saveApproved(userIdOf(req), params.id, body),
    }),
    route({
      method: 'get',
      path: '/:id/export',
      summary: 'Export the approved lines as a file',
      description: `The approved lines (current versions) as the campaign exports make them: format=csv (platform, text, characters, approved by, approved at), google_ads (Google Ads Editor's responsive search ad columns, from the Google Ads headline and description lines) or meta_ads (Meta's bulk-upload columns, from the Facebook ad lines or Instagram captions). A line over the target's limit is left out, never cut, and counted in the ${OMITTED_LINES_HEADER} header; 409 when nothing approved fits the format.`,
      auth: 'session',
      params: approvalIdParams,
      query: approvalExportQuery,
      content: { 'text/csv': { schema: { type: 'string' } } },
      errors: [400, 401, 404, 409, 429],
      handler: async ({ req, res, deps, params, query }) => {
        const userId = userIdOf(req);
        await deps.exportLimiter.consume(userId);
        const approval = await deps.approvals.get(userId, params.id);
        const file = exportApproval(approval, query.format);
        return sendCsvExport(res, file);
      },
    }),
  ],
});
