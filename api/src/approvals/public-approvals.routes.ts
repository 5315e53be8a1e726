import {
  approvalDecisionsBody,
  approvalPinHeaders,
  approvalTokenParams,
  APPROVAL_PIN_HEADER,
  publicApprovalDecidedDto,
  publicApprovalDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { PublicApprovalsService } from './public-approvals.service';

function publicApprovalsDeps(ctx: ApiContext) {
  return { approvals: new PublicApprovalsService(ctx) };
}

/**
 * /api/public/approvals/:token: the client's approval page, no account. The token is never logged
 * (api/src/app.ts masks it in the request log). Anything that cannot be shown answers one 404.
 */
export const publicApprovalsResource = defineResource({
  prefix: '/public/approvals',
  tag: 'Approvals',
  deps: publicApprovalsDeps,
  routes: (route) => [
    route({
      method: 'get',
      path: '/:token',
      summary: 'An approval link as the client sees it',
      description: `No sign-in. Send the PIN in ${APPROVAL_PIN_HEADER} when the link has one. Only the title, the note, the page language and the lines {id, text, platform, state, version}. An unknown, expired, revoked or locked link and a missing or wrong PIN all answer the same 404; wrong PINs lock the link after 5 (its creator unlocks it), and an address that misses too often is refused for a while (429).`,
      auth: 'none',
      params: approvalTokenParams,
      headers: approvalPinHeaders,
      response: publicApprovalDto,
      errors: [400, 404, 429],
      handler: ({ req, deps, params, headers }) => deps.approvals.view(params.token, headers[APPROVAL_PIN_HEADER], req.ip ?? null),
    }),
    route({
      method: 'post',
      path: '/:token/decisions',
      summary: 'Approve lines, ask for changes or comment',
      description:
        "reviewerName and the decisions: approve, request_changes (comment required) or comment (comment required; leaves the state). Comments are plain text of at most 1000 characters. The last decision on a line wins and every one is kept. A line not in the link: 404; a version that is no longer the line's: 409 (nothing recorded). Answers every line's state. At most 30 requests per link per minute.",
      auth: 'none',
      params: approvalTokenParams,
      headers: approvalPinHeaders,
      body: approvalDecisionsBody,
      response: publicApprovalDecidedDto,
      errors: [400, 404, 409, 429],
      handler: ({ req, deps, params, headers, body }) =>
        deps.approvals.decide(params.token, headers[APPROVAL_PIN_HEADER], req.ip ?? null, body),
    }),
  ],
});
