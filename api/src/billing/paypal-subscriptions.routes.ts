import { paypalConfirmSubscriptionBody, paypalCreateSubscriptionBody, subscriptionIdParams, billingSubscriptionDto } from '@gl/core';
import { z } from 'zod';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { PaypalService } from './paypal.service';
import { Limiter } from '../shared/rate-limit.service';

function deps(ctx: ApiContext) {
  return {
    subscriptions: new PaypalService(ctx).subscriptions,
    starts: Limiter.for(ctx, 'pay-start', { points: 20, seconds: 600, what: 'payment attempts' }),
  };
}

const Created = z.object({ subscriptionID: z.string(), approveUrl: z.string().nullable(), paymentId: z.uuid() });
const Confirmed = z.object({ subscription: billingSubscriptionDto.nullable(), currentPlan: z.object({ id: z.string() }).loose() });
const Changed = z.object({ subscription: billingSubscriptionDto });

/** PayPal Subscriptions v1: start an auto-renewing plan and confirm it after the buyer approved it at PayPal. */
export const paypalSubscriptionsResource = defineResource({
  prefix: '/payments',
  tag: 'Billing',
  deps,
  routes: (route) => [
    route({
      method: 'post',
      path: '/paypal/create-subscription',
      summary: 'Start an auto-renewing PayPal subscription for a plan (approve it at approveUrl)',
      auth: 'session',
      body: paypalCreateSubscriptionBody,
      status: 201,
      response: Created,
      errors: [400, 401, 429, 502, 503],
      handler: async ({ req, deps, body }) => {
        await deps.starts.consume(userIdOf(req));
        return deps.subscriptions.create(userIdOf(req), body.planId, body.interval);
      },
    }),
    route({
      method: 'post',
      path: '/paypal/confirm-subscription',
      summary: 'Activate the plan of an approved PayPal subscription (read back from PayPal and checked)',
      auth: 'session',
      body: paypalConfirmSubscriptionBody,
      response: Confirmed,
      errors: [400, 401, 404, 409, 502, 503],
      handler: ({ req, deps, body }) => deps.subscriptions.confirm(userIdOf(req), body.subscriptionID),
    }),
  ],
});

/** Auto-renew off and on again; access is kept to the end of the period either way. */
export const autoRenewResource = defineResource({
  prefix: '/subscriptions',
  tag: 'Billing',
  deps,
  routes: (route) => [
    route({
      method: 'post',
      path: '/:id/cancel',
      summary: 'Turn auto-renew off (PayPal billing suspended); the plan stays until the period ends',
      auth: 'session',
      params: subscriptionIdParams,
      response: Changed,
      errors: [400, 401, 404, 502, 503],
      handler: ({ req, deps, params }) => deps.subscriptions.setAutoRenew(userIdOf(req), params.id, false),
    }),
    route({
      method: 'post',
      path: '/:id/resume',
      summary: 'Turn auto-renew on again before the period ends (PayPal billing re-activated)',
      auth: 'session',
      params: subscriptionIdParams,
      response: Changed,
      errors: [400, 401, 404, 409, 502, 503],
      handler: ({ req, deps, params }) => deps.subscriptions.setAutoRenew(userIdOf(req), params.id, true),
    }),
  ],
});
