import { z } from 'zod';
import { createSubscriptionBody, subscriptionIdParams, updateSubscriptionBody, planDto, subscriptionDto, subscriptionsDto } from '@gl/core';
import { Errors, currentPlanFor, moveToFree, notifySubscription, subscriptionsRepository, toSubscriptionDto } from '@gl/core/server';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';

/**
 * The caller's subscriptions. Paid plans are bought through a payment; here a user can only
 * go back to free (at once) or set cancel-at-period-end on their active subscription.
 */
export const subscriptionsResource = defineResource({
  prefix: '/subscriptions',
  tag: 'Billing',
  deps: (ctx) => ctx,
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'Your subscriptions and current plan',
      auth: 'session',
      response: subscriptionsDto,
      errors: [401],
      handler: async ({ req, deps: ctx }) => {
        const userId = userIdOf(req);
        const [rows, currentPlan] = await Promise.all([
          subscriptionsRepository.listForUser(ctx.db, userId),
          currentPlanFor(ctx.db, userId),
        ]);
        return { subscriptions: rows.map((s) => toSubscriptionDto(s)), currentPlan };
      },
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Move to the free plan (paid plans are bought through a payment)',
      description:
        'The active subscription is cancelled and the free plan applies at once; a PayPal subscription that renewed it is cancelled at PayPal (GET /billing shows the cancellation).',
      auth: 'session',
      body: createSubscriptionBody,
      response: z.object({ currentPlan: planDto, cancelled: subscriptionDto.nullable() }).loose(),
      errors: [400, 401],
      handler: async ({ req, deps: ctx }) => {
        const userId = userIdOf(req);
        // An auto-renewing PayPal plan is cancelled at PayPal too (in the background, shown on the billing page).
        const cancelled = await moveToFree(ctx, userId);
        const state = await notifySubscription(ctx, userId);
        return { ...state, cancelled: cancelled ? toSubscriptionDto(cancelled) : null };
      },
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Cancel (or resume) at the end of the period',
      auth: 'session',
      params: subscriptionIdParams,
      body: updateSubscriptionBody,
      response: z.object({ subscription: subscriptionDto, currentPlan: planDto }),
      errors: [400, 401, 404, 409],
      handler: async ({ req, deps: ctx, params: { id }, body }) => {
        const userId = userIdOf(req);
        const existing = await subscriptionsRepository.findForUser(ctx.db, userId, id);
        if (!existing) throw Errors.notFound('Subscription not found');
        const updated = await subscriptionsRepository.setCancelAtPeriodEnd(ctx.db, userId, id, body.cancelAtPeriodEnd);
        if (!updated) throw Errors.conflict('Only an active subscription can be changed');
        const state = await notifySubscription(ctx, userId);
        return { subscription: toSubscriptionDto(updated), currentPlan: state.currentPlan };
      },
    }),
  ],
});
