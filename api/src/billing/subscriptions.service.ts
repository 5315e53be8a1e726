import { Errors, currentPlanFor, moveToFree, notifySubscription, subscriptionsRepository, toSubscriptionDto } from '@gl/core/server';
import type { ApiContext } from '../api-context';

/**
 * The caller's subscriptions. Paid plans are bought through a payment; here a user can only go
 * back to free (at once) or set cancel-at-period-end on their active subscription.
 */
export class SubscriptionsService {
  constructor(private readonly ctx: ApiContext) {}

  async list(userId: string) {
    const [rows, currentPlan] = await Promise.all([
      subscriptionsRepository.listForUser(this.ctx.db, userId),
      currentPlanFor(this.ctx.db, userId),
    ]);
    return { subscriptions: rows.map((s) => toSubscriptionDto(s)), currentPlan };
  }

  /** The free plan at once; an auto-renewing PayPal plan is cancelled at PayPal too (in the background, shown on the billing page). */
  async moveToFree(userId: string) {
    const cancelled = await moveToFree(this.ctx, userId);
    const state = await notifySubscription(this.ctx, userId);
    return { ...state, cancelled: cancelled ? toSubscriptionDto(cancelled) : null };
  }

  async setCancelAtPeriodEnd(userId: string, id: string, cancelAtPeriodEnd: boolean) {
    const existing = await subscriptionsRepository.findForUser(this.ctx.db, userId, id);
    if (!existing) throw Errors.notFound('Subscription not found');
    const updated = await subscriptionsRepository.setCancelAtPeriodEnd(this.ctx.db, userId, id, cancelAtPeriodEnd);
    if (!updated) throw Errors.conflict('Only an active subscription can be changed');
    const state = await notifySubscription(this.ctx, userId);
    return { subscription: toSubscriptionDto(updated), currentPlan: state.currentPlan };
  }
}
