import { billingQuoteQuery, paypalCancellationDto, paypalCancellationIdParams, billingDto, billingQuoteDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { BillingService } from './billing.service';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { languageOf } from '../http/request-language';

const billingDeps = (ctx: ApiContext) => ({ billing: new BillingService(ctx) });

/** /api/billing: the caller's plan, renewal and receipts count, and what a plan change costs now. */
export const billingResource = defineResource({
  prefix: '/billing',
  tag: 'Billing',
  deps: billingDeps,
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'Your plan, renewal or end date, auto-renew and receipts count',
      auth: 'session',
      response: billingDto,
      errors: [401],
      handler: ({ req, deps }) => deps.billing.overview(userIdOf(req), languageOf(req)),
    }),
    route({
      method: 'get',
      path: '/quote',
      summary: 'What a payment for a plan charges now (price, upgrade credit, amount due; USD and KES)',
      description:
        'A higher plan mid-period is credited with the unused days of what was paid; the same plan is refused (paying again extends it), and so is the free plan.',
      auth: 'session',
      query: billingQuoteQuery,
      response: billingQuoteDto,
      errors: [400, 401, 409],
      handler: ({ req, deps, query }) => deps.billing.quote(userIdOf(req), query.planId, query.interval),
    }),
    route({
      method: 'post',
      path: '/paypal-cancellations/:id/retry',
      summary: 'Ask PayPal again to cancel a subscription you left, after the cancellation failed',
      description:
        'Only a failed cancellation of your own (404 otherwise; 409 when it is pending or done). The cancellation is retried in the background; GET /billing and `subscription:updated` show where it stands.',
      auth: 'session',
      params: paypalCancellationIdParams,
      status: 202,
      response: paypalCancellationDto,
      errors: [400, 401, 404, 409],
      handler: ({ req, deps, params }) => deps.billing.retryPaypalCancellation(userIdOf(req), params.id),
    }),
  ],
});
