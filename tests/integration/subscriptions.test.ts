import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingCounts, rows, usePaymentsHarness } from '../helpers/payments';
import { nextEvent } from '../helpers/socket';
import { registerUser, type TestUser } from '../helpers/users';

const h = usePaymentsHarness();

/** Buys a plan through PayPal (create, buyer approves, capture) and returns the new subscription. */
async function buy(user: TestUser, planId: 'pro' | 'business', interval: 'month' | 'year' = 'month') {
  const created = await h.server.api('/payments/paypal/create-order', { token: user.token, body: { planId, interval } });
  h.paypal.approve(created.body.data.orderID);
  const res = await h.server.api('/payments/paypal/capture-order', {
    token: user.token,
    body: { orderID: created.body.data.orderID, planId },
  });
  expect(res.status).toBe(200);
  return res.body.data.subscription as { id: string; currentPeriodEnd: string; planId: string };
}

const currentPlan = async (user: TestUser) => (await h.server.api('/subscriptions', { token: user.token })).body.data.currentPlan.id;
const meplan = async (user: TestUser) => (await h.server.api('/auth/me', { token: user.token })).body.data.user.planId;

describe('plans', () => {
  it('GET /plans is the catalogue: three plans, prices, limits, and the yearly price', async () => {
    const res = await h.server.api('/plans');
    expect(res.status).toBe(200);
    const plans = res.body.data.plans;
    expect(plans.map((p: any) => [p.id, p.price, p.popular])).toEqual([
      ['free', 0, false],
      ['pro', 9.99, true],
      ['business', 29.99, false],
    ]);
    expect(plans[0].limits.dailyGenerations).toBe(10);
    expect(plans[1].limits.dailyGenerations).toBe(-1);
    expect(plans[2].limits.apiAccess).toBe(true);
    expect(plans[1].yearlyPriceCents).toBe(9590);
  });
});

describe('subscriptions', () => {
  it('need a signed-in user; a new user has none and is on free', async () => {
    expect((await h.server.api('/subscriptions')).status).toBe(401);
    const user = await registerUser(h.server);
    const res = await h.server.api('/subscriptions', { token: user.token });
    expect(res.body.data).toMatchObject({ subscriptions: [], currentPlan: { id: 'free' } });
  });

  it('paid plans are bought through a payment, not created here', async () => {
    const user = await registerUser(h.server);
    const res = await h.server.api('/subscriptions', { token: user.token, body: { planId: 'business' } });
    expect(res.status).toBe(400);
    expect(await currentPlan(user)).toBe('free');
  });

  it('downgrading to free takes effect at once, live', async () => {
    const user = await registerUser(h.server);
    await buy(user, 'pro');
    expect(await meplan(user)).toBe('pro');
    const socket = await h.socketFor(user);
    const update = nextEvent(socket, 'subscription:updated');
    const res = await h.server.api('/subscriptions', { token: user.token, body: { planId: 'free' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      subscription: null,
      currentPlan: { id: 'free' },
      cancelled: { planId: 'pro', status: 'cancelled' },
    });
    expect(await update).toMatchObject({ subscription: null, currentPlan: { id: 'free' } });
    expect(await meplan(user)).toBe('free');
    expect(await currentPlan(user)).toBe('free');
    expect(await billingCounts(h.server, user.id)).toMatchObject({ activeSubscriptions: 0, subscriptions: 1 });
  });

  it('cancel at period end keeps the plan until the period ends; only the owner can set it', async () => {
    const user = await registerUser(h.server);
    const other = await registerUser(h.server);
    const sub = await buy(user, 'pro');
    const socket = await h.socketFor(user);
    const update = nextEvent(socket, 'subscription:updated');

    expect(
      (await h.server.api(`/subscriptions/${sub.id}`, { token: other.token, method: 'PUT', body: { cancelAtPeriodEnd: true } })).status,
    ).toBe(404);
    const res = await h.server.api(`/subscriptions/${sub.id}`, { token: user.token, method: 'PUT', body: { cancelAtPeriodEnd: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription).toMatchObject({ id: sub.id, cancelAtPeriodEnd: true, status: 'active' });
    expect((await update).subscription).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await meplan(user)).toBe('pro');

    const bad = await h.server.api(`/subscriptions/${sub.id}`, { token: user.token, method: 'PUT', body: { cancelAtPeriodEnd: 'yes' } });
    expect(bad.status).toBe(400);
    const notUuid = await h.server.api('/subscriptions/123', { token: user.token, method: 'PUT', body: { cancelAtPeriodEnd: true } });
    expect(notUuid.status).toBe(400);
  });

  it('an expired period falls back to free', async () => {
    const user = await registerUser(h.server);
    const sub = await buy(user, 'business');
    expect(await meplan(user)).toBe('business');
    await rows(h.server, sql`update subscriptions set current_period_end = now() - interval '1 minute' where id = ${sub.id}`);
    expect(await meplan(user)).toBe('free');
    const res = await h.server.api('/subscriptions', { token: user.token });
    expect(res.body.data.currentPlan.id).toBe('free');
    expect(res.body.data.subscriptions[0]).toMatchObject({ id: sub.id, status: 'expired' });
    // Buying again starts a fresh period from now.
    const again = await buy(user, 'business');
    expect(new Date(again.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await meplan(user)).toBe('business');
  });

  it('upgrading replaces the plan at once; renewing the same plan extends it from the current period end', async () => {
    const user = await registerUser(h.server);
    const pro = await buy(user, 'pro');
    const renewed = await buy(user, 'pro');
    const gained = new Date(renewed.currentPeriodEnd).getTime() - new Date(pro.currentPeriodEnd).getTime();
    expect(gained).toBeGreaterThan(27 * 86_400_000);
    const business = await buy(user, 'business');
    expect(business.planId).toBe('business');
    expect(await meplan(user)).toBe('business');
    const list = (await h.server.api('/subscriptions', { token: user.token })).body.data.subscriptions;
    expect(list.map((s: any) => s.status).sort()).toEqual(['active', 'expired', 'expired']);
    expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 3, activeSubscriptions: 1, subscriptions: 3 });
  });
});
