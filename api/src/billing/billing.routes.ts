import {
  billingQuoteQuery,
  paymentIdParams,
  paypalCancellationDto,
  paypalCancellationIdParams,
  receiptQuery,
  billingDto,
  billingQuoteDto,
  receiptDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { BillingService } from './billing.service';
import { receiptPage } from './receipt-page';
import { languageOf } from '../http/request-language';
import { SENT, defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';

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
      handler: ({ req, deps }) => deps.billing.overview(userIdOf(req)),
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

/** /api/payments/:id/receipt: the receipt of one of the caller's completed payments (json, or a printable page). */
export const receiptsResource = defineResource({
  prefix: '/payments',
  tag: 'Billing',
  deps: billingDeps,
  routes: (route) => [
    route({
      method: 'get',
      path: '/:id/receipt',
      summary: 'A receipt (JSON, or a printable HTML page with format=html)',
      auth: 'session',
      params: paymentIdParams,
      query: receiptQuery,
      response: receiptDto,
      errors: [400, 401, 404],
      handler: async ({ req, res, deps, params, query }) => {
        const receipt = await deps.billing.receipt(userIdOf(req), params.id);
        if (query.format === 'json') return receipt;
        res
          .status(200)
          .type('html')
          .setHeader('Cache-Control', 'private, no-store')
          .send(receiptPage(receipt, languageOf(req)));
        return SENT;
      },
    }),
  ],
});
