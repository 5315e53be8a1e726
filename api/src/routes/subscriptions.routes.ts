import { Router } from 'express';
import { createSubscriptionBody, subscriptionIdParams, updateSubscriptionBody } from '@gl/core';
import { Errors, currentPlanFor, notifySubscription, subscriptionsRepository, toSubscriptionDto } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { ok, parse } from '../http/respond';
import { requireUser, userIdOf } from '../middleware/authenticate';

/**
 * The caller's subscriptions. Paid plans are bought through a payment; here a user can only
 * go back to free (at once) or set cancel-at-period-end on their active subscription.
 */
export function subscriptionsRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.use(requireUser);

  router.get('/', async (req, res) => {
    const userId = userIdOf(req);
    const [rows, currentPlan] = await Promise.all([subscriptionsRepository.listForUser(ctx.db, userId), currentPlanFor(ctx.db, userId)]);
    ok(res, { subscriptions: rows.map((s) => toSubscriptionDto(s)), currentPlan });
  });

  /** POST {planId: 'free'}: downgrade now; the active subscription is cancelled and limits are free's at once. */
  router.post('/', async (req, res) => {
    parse(createSubscriptionBody, req.body);
    const userId = userIdOf(req);
    const cancelled = await ctx.db.transaction(async (tx) => {
      await subscriptionsRepository.lockUser(tx, userId);
      return subscriptionsRepository.endActive(tx, userId, 'cancelled');
    });
    const state = await notifySubscription(ctx, userId);
    ok(res, { ...state, cancelled: cancelled ? toSubscriptionDto(cancelled) : null });
  });

  router.put('/:id', async (req, res) => {
    const { id } = parse(subscriptionIdParams, req.params);
    const body = parse(updateSubscriptionBody, req.body);
    const userId = userIdOf(req);
    const existing = await subscriptionsRepository.findForUser(ctx.db, userId, id);
    if (!existing) throw Errors.notFound('Subscription not found');
    const updated = await subscriptionsRepository.setCancelAtPeriodEnd(ctx.db, userId, id, body.cancelAtPeriodEnd);
    if (!updated) throw Errors.conflict('Only an active subscription can be changed');
    const state = await notifySubscription(ctx, userId);
    ok(res, { subscription: toSubscriptionDto(updated), currentPlan: state.currentPlan });
  });

  return router;
}
