import {
  createSubscriptionBody,
  subscriptionIdParams,
  updateSubscriptionBody,
  subscriptionsDto,
  movedToFreeDto,
  subscriptionChangeDto,
  paypalSubscriptionChangedDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { PaypalService } from './paypal.service';
import { SubscriptionsService } from './subscriptions.service';

function subscriptionsDeps(ctx: ApiContext) {
  return { subscriptions: new SubscriptionsService(ctx), paypal: new PaypalService(ctx).subscriptions };
}

/**
 * The caller's subscriptions. Paid plans are bought through a payment; here a user can only
 * go back to free (at once) or set cancel-at-period-end on their active subscription. Auto-renew of
 * a PayPal subscription off and on again; access is kept to the end of the period either way.
 */
export const subscriptionsResource = defineResource({
  prefix: '/subscriptions',
  tag: 'Billing',
  deps: subscriptionsDeps,
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'Your subscriptions and current plan',
      auth: 'session',
      response: subscriptionsDto,
      errors: [401],
      handler: ({ req, deps }) => deps.subscriptions.list(userIdOf(req)),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Move to the free plan (paid plans are bought through a payment)',
      description:
        'The active subscription is cancelled and the free plan applies at once; a PayPal subscription that renewed it is cancelled at PayPal (GET /billing shows the cancellation).',
      auth: 'session',
      body: createSubscriptionBody,
      response: movedToFreeDto,
      errors: [400, 401],
      handler: ({ req, deps }) => deps.subscriptions.moveToFree(userIdOf(req)),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Cancel (or resume) at the end of the period',
      auth: 'session',
      params: subscriptionIdParams,
      body: updateSubscriptionBody,
      response: subscriptionChangeDto,
      errors: [400, 401, 404, 409],
      handler: ({ req, deps, params: { id }, body }) => deps.subscriptions.setCancelAtPeriodEnd(userIdOf(req), id, body.cancelAtPeriodEnd),
    }),
    route({
      method: 'post',
      path: '/:id/cancel',
      summary: 'Turn auto-renew off (PayPal billing suspended); the plan stays until the period ends',
      auth: 'session',
      params: subscriptionIdParams,
      response: paypalSubscriptionChangedDto,
      errors: [400, 401, 404, 409, 502, 503],
      handler: ({ req, deps, params }) => deps.paypal.setAutoRenew(userIdOf(req), params.id, false),
    }),
    route({
      method: 'post',
      path: '/:id/resume',
      summary: 'Turn auto-renew on again before the period ends (PayPal billing re-activated)',
      auth: 'session',
      params: subscriptionIdParams,
      response: paypalSubscriptionChangedDto,
      errors: [400, 401, 404, 409, 502, 503],
      handler: ({ req, deps, params }) => deps.paypal.setAutoRenew(userIdOf(req), params.id, true),
    }),
  ],
});
