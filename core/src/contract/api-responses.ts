import type { z } from 'zod';
import { subscribedDto, unsubscribedDto, usageAnalyticsDto } from '../accounts/account.contract';
import {
  authResultDto,
  emailChangeDto,
  loggedOutEverywhereDto,
  passwordChangedDto,
  sessionListDto,
  sessionTokensDto,
  userResultDto,
} from '../accounts/auth.contract';
import {
  movedToFreeDto,
  mpesaStatusDto,
  mpesaStkPushDto,
  mpesaPaybillDto,
  paymentCancelDto,
  paymentListDto,
  paymentsConfigDto,
  paypalCaptureDto,
  paypalOrderDto,
  plansListDto,
  receivedDto,
  subscriptionChangeDto,
  subscriptionsDto,
} from '../billing/billing.contract';
import {
  billingDto,
  billingQuoteDto,
  paypalCancellationDto,
  paypalSubscriptionChangedDto,
  paypalSubscriptionConfirmedDto,
  paypalSubscriptionCreatedDto,
  receiptDto,
} from '../billing/billing-lifecycle.contract';
import {
  approvalCreatedDto,
  approvalRefineAcceptedDto,
  approvalTokenDto,
  approvalResultDto,
  approvalsDto,
  approvedLinesSavedDto,
  publicApprovalDecidedDto,
  publicApprovalDto,
} from '../approvals/approvals.contract';
import { brandListDto, brandResultDto } from '../brands/brands.contract';
import { campaignAcceptedDto, campaignDto, campaignLineResultDto, campaignsDto, occasionsDto } from '../campaigns/campaigns.contract';
import { deletedDto, emptyDto, idDto, revokedDto, sentDto } from '../platform/contract/common';
import { healthDto, liveDto, readyDto } from '../site/health.contract';
import {
  compareAcceptedDto,
  generationAcceptedDto,
  generationListDto,
  generationResultDto,
  platformsDto,
  saveLineResultDto,
  savedLinesDeletedDto,
  savedLinesPageDto,
  savedLinesSummaryDto,
  usageSummaryDto,
} from '../lines/lines.contract';
import {
  currentTeamDto,
  currentTeamOrNoneDto,
  teamInvitationResultDto,
  teamLeftDto,
  teamLineSavedDto,
  teamLinesPageDto,
  teamMemberRemovedDto,
  teamMemberResultDto,
  teamUsageDto,
} from '../teams/teams.contract';
import { apiKeyCreatedDto, apiKeyListDto, apiKeyResultDto } from '../api-keys/v1.contract';
import { webhookAttemptsDto, webhookEndpointsDto, webhookSecretDto } from '../webhooks/webhooks.contract';

/**
 * What each /api route answers: the `data` of its `{ success: true, data }` envelope, keyed by
 * `'METHOD /path'` with the Express path (`'GET /brands/:id'`). The values are the very schemas the
 * routes declare as their `response` (api/src/routes/api-responses.test.ts checks it both ways), so
 * the client's `api('/brands')` is typed from the contract. Downloads (`content`) and the public v1
 * API's top-level answers are not in it.
 */
export const API_RESPONSES = {
  'GET /health': healthDto,
  'GET /ready': readyDto,
  'GET /live': liveDto,
  'POST /auth/register': authResultDto,
  'POST /auth/login': authResultDto,
  'GET /auth/me': userResultDto,
  'POST /auth/refresh': sessionTokensDto,
  'POST /auth/logout': emptyDto,
  'POST /auth/forgot-password': sentDto,
  'POST /auth/reset-password': authResultDto,
  'POST /auth/verify-email': userResultDto,
  'POST /auth/resend-verification': sentDto,
  'GET /auth/sessions': sessionListDto,
  'DELETE /auth/sessions/:id': revokedDto,
  'POST /auth/logout-all': loggedOutEverywhereDto,
  'POST /lines/save': saveLineResultDto,
  'GET /lines/saved': savedLinesPageDto,
  'GET /lines/saved/summary': savedLinesSummaryDto,
  'DELETE /lines/saved/:id': idDto,
  'DELETE /lines/saved': savedLinesDeletedDto,
  'POST /lines/generate': generationAcceptedDto,
  'POST /lines/generations/:id/regenerate': generationAcceptedDto,
  'POST /lines/generations/:id/refine': generationAcceptedDto,
  'GET /lines/generations/:id': generationResultDto,
  'GET /lines/generations': generationListDto,
  'POST /lines/photo': generationAcceptedDto,
  'POST /lines/compare': compareAcceptedDto,
  'GET /campaigns/occasions': occasionsDto,
  'POST /campaigns': campaignAcceptedDto,
  'GET /campaigns': campaignsDto,
  'GET /campaigns/:id': campaignDto,
  'PATCH /campaigns/:id/lines/:lineId': campaignLineResultDto,
  'POST /campaigns/:id/lines/:lineId/regenerate': campaignLineResultDto,
  'POST /campaigns/:id/lines/:lineId/refine': campaignLineResultDto,
  'GET /brands': brandListDto,
  'POST /brands': brandResultDto,
  'GET /brands/:id': brandResultDto,
  'PUT /brands/:id': brandResultDto,
  'DELETE /brands/:id': deletedDto,
  'GET /users/usage': usageSummaryDto,
  'GET /users/profile': userResultDto,
  'PUT /users/profile': userResultDto,
  'POST /users/change-password': passwordChangedDto,
  'GET /users/analytics': usageAnalyticsDto,
  'PUT /users/email': emailChangeDto,
  'DELETE /users/account': deletedDto,
  'PATCH /account/language': userResultDto,
  'PATCH /account/time-zone': userResultDto,
  'POST /newsletter': subscribedDto,
  'POST /newsletter/unsubscribe': unsubscribedDto,
  'POST /contact': idDto,
  'GET /plans': plansListDto,
  'GET /platforms': platformsDto,
  'GET /subscriptions': subscriptionsDto,
  'POST /subscriptions': movedToFreeDto,
  'PUT /subscriptions/:id': subscriptionChangeDto,
  'GET /payments/config': paymentsConfigDto,
  'POST /payments/paypal/create-order': paypalOrderDto,
  'POST /payments/paypal/capture-order': paypalCaptureDto,
  'POST /payments/paypal/webhook': receivedDto,
  'POST /payments/mpesa/stk-push': mpesaStkPushDto,
  'POST /payments/mpesa/paybill': mpesaPaybillDto,
  'GET /payments/mpesa/status/:checkoutRequestID': mpesaStatusDto,
  'GET /payments/history': paymentListDto,
  'GET /payments/history/:userId': paymentListDto,
  'POST /payments/:id/cancel': paymentCancelDto,
  'GET /billing': billingDto,
  'GET /billing/quote': billingQuoteDto,
  'POST /billing/paypal-cancellations/:id/retry': paypalCancellationDto,
  'GET /payments/:id/receipt': receiptDto,
  'POST /payments/paypal/create-subscription': paypalSubscriptionCreatedDto,
  'POST /payments/paypal/confirm-subscription': paypalSubscriptionConfirmedDto,
  'POST /subscriptions/:id/cancel': paypalSubscriptionChangedDto,
  'POST /subscriptions/:id/resume': paypalSubscriptionChangedDto,
  'GET /api-keys': apiKeyListDto,
  'POST /api-keys': apiKeyCreatedDto,
  'DELETE /api-keys/:id': apiKeyResultDto,
  'GET /webhooks': webhookEndpointsDto,
  'POST /webhooks': webhookSecretDto,
  'POST /webhooks/:id/rotate-secret': webhookSecretDto,
  'GET /webhooks/:id/attempts': webhookAttemptsDto,
  'DELETE /webhooks/:id': idDto,
  'POST /teams': currentTeamDto,
  'GET /teams/current': currentTeamOrNoneDto,
  'POST /teams/join': currentTeamDto,
  'PUT /teams/:id': currentTeamDto,
  'POST /teams/:id/invitations': teamInvitationResultDto,
  'POST /teams/:id/invitations/:invitationId/resend': teamInvitationResultDto,
  'DELETE /teams/:id/invitations/:invitationId': revokedDto,
  'PUT /teams/:id/members/:userId': teamMemberResultDto,
  'DELETE /teams/:id/members/:userId': teamMemberRemovedDto,
  'POST /teams/:id/leave': teamLeftDto,
  'GET /teams/:id/lines': teamLinesPageDto,
  'POST /teams/:id/lines': teamLineSavedDto,
  'DELETE /teams/:id/lines/:lineId': idDto,
  'GET /teams/:id/usage': teamUsageDto,
  'POST /approvals': approvalCreatedDto,
  'GET /approvals': approvalsDto,
  'GET /approvals/:id': approvalResultDto,
  'POST /approvals/:id/revoke': approvalResultDto,
  'POST /approvals/:id/extend': approvalResultDto,
  'POST /approvals/:id/unlock': approvalResultDto,
  'POST /approvals/:id/lines': approvalResultDto,
  'POST /approvals/:id/lines/:lineId/refine': approvalRefineAcceptedDto,
  'POST /approvals/:id/token': approvalTokenDto,
  'POST /approvals/:id/save-approved': approvedLinesSavedDto,
  'GET /public/approvals/:token': publicApprovalDto,
  'POST /public/approvals/:token/decisions': publicApprovalDecidedDto,
} as const;

export type ApiResponses = { [K in keyof typeof API_RESPONSES]: z.infer<(typeof API_RESPONSES)[K]> };
export type ApiRouteKey = keyof ApiResponses;
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `/teams/abc/lines?x=1` → `/teams/abc/lines`. */
type WithoutQuery<P extends string> = P extends `${infer Path}?${string}` ? Path : P;
/** `/teams/:id/lines` → `['teams', ':id', 'lines']`. */
type Segments<P extends string> = P extends `/${infer Head}/${infer Rest}`
  ? [Head, ...Segments<`/${Rest}`>]
  : P extends `/${infer Last}`
    ? [Last]
    : [];
/** A called path's segments match a route's: a `:param` takes any one segment, others must be equal. */
type SegmentsMatch<Route extends string[], Called extends string[]> = Route extends [
  infer R extends string,
  ...infer RRest extends string[],
]
  ? Called extends [infer C extends string, ...infer CRest extends string[]]
    ? R extends `:${string}`
      ? SegmentsMatch<RRest, CRest>
      : [C] extends [R]
        ? SegmentsMatch<RRest, CRest>
        : false
    : false
  : Called extends []
    ? true
    : false;
/** The routes a call of `path` with `method` can reach. */
type MatchingRoutes<M extends ApiMethod, P extends string> = {
  [K in ApiRouteKey]: K extends `${M} ${infer Route}` ? (SegmentsMatch<Segments<Route>, Segments<P>> extends true ? K : never) : never;
}[ApiRouteKey];

/**
 * The answer of `method` on a called `path` (a literal or a template like `/brands/${string}`, with
 * or without a query): the exact route if there is one (`/teams/current` before `/teams/:id`), else
 * the route whose `:params` the path fills; `unknown` for a path no route has.
 */
export type ApiAnswer<M extends ApiMethod, P extends string> = `${M} ${WithoutQuery<P>}` extends ApiRouteKey
  ? ApiResponses[`${M} ${WithoutQuery<P>}`]
  : [MatchingRoutes<M, WithoutQuery<P>>] extends [never]
    ? unknown
    : ApiResponses[MatchingRoutes<M, WithoutQuery<P>>];
