import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeSubscription,
  billingOf,
  payWithMpesa,
  payWithPaypal,
  paypalWebhookUrl,
  subscribeWithPaypal,
  syncCatalog,
  useBillingHarness,
} from '../helpers/billing';
import { eventually } from '../helpers/eventually';
import { paymentRow, rows } from '../helpers/payments';
import { paypalSchemaErrors } from '../helpers/paypal-specs';
import { connectSocket, recordEvents } from '../helpers/socket';
import { registerUser, type TestUser } from '../helpers/users';
import { reconcileOnce } from '@gl/worker/reconciler';

/**
 * Finding 3 of issue 21: PayPal kept billing after the plan was replaced. Leaving an auto-renewing
 * PayPal plan cancels the subscription at PayPal (a retried job, shown on the billing page, with an
 * e-mail); a sale PayPal still makes for a subscription we no longer hold is refunded.
 */
const b = useBillingHarness();
const atPaypal = (id: string) => b.h.paypal.billing.subscriptions.get(id).status as string;
const cancelsOf = (id: string) =>
  b.h.paypal.requests.filter((r) => r.method === 'POST' && r.path === `/v1/billing/subscriptions/${id}/cancel`);
const cancelledMail = (user: TestUser, subscriptionID: string) =>
  b.smtp.waitFor(
    (m) =>
      m.envelope.to.includes(user.email) &&
      m.subject === 'Your PayPal subscription to Genius Lines was cancelled' &&
      m.text.includes(subscriptionID),
  );
const outage = { status: 503, body: { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' } };

beforeAll(async () => {
  await syncCatalog(b.h);
});

async function paypalProUser() {
  const user = await registerUser(b.h.server);
  const { subscriptionID } = await subscribeWithPaypal(b.h, user, 'pro');
  expect(atPaypal(subscriptionID)).toBe('ACTIVE');
  expect((await billingOf(b.h, user)).subscription).toMatchObject({ planId: 'pro', provider: 'paypal', autoRenew: true });
  return { user, subscriptionID };
}

describe('leaving an auto-renewing PayPal plan cancels it at PayPal', () => {
  it('an upgrade paid with M-Pesa cancels the Pro subscription at PayPal, tells the user by e-mail and on the billing page', async () => {
    const { user, subscriptionID } = await paypalProUser();
    const socket = await connectSocket(b.h.server.url, { token: user.token });
    const updates = recordEvents(socket, ['subscription:updated']);
    try {
      await payWithMpesa(b.h, user, 'business');
      await eventually(async () => atPaypal(subscriptionID) === 'CANCELLED');
      expect(cancelsOf(subscriptionID)).toHaveLength(1);
      expect(paypalSchemaErrors('subscriptions', 'subscription_cancel_request', cancelsOf(subscriptionID)[0]!.body)).toEqual([]);
      expect(cancelsOf(subscriptionID)[0]!.body.reason).toMatch(/higher Genius Lines plan/);
      // The billing page hears about it live (the payment's update, then the cancellation's) and shows it.
      await eventually(async () => updates.length >= 2);
      const state = await eventually(async () => {
        const s = await billingOf(b.h, user);
        return s.paypalCancellations[0]?.status === 'cancelled' ? s : undefined;
      });
      expect(state.currentPlan.id).toBe('business');
      expect(state.subscription).toMatchObject({ planId: 'business', provider: 'mpesa', autoRenew: false });
      expect(state.paypalCancellations).toEqual([
        expect.objectContaining({ providerSubscriptionId: subscriptionID, planId: 'pro', reason: 'upgrade', status: 'cancelled' }),
      ]);
      const mail = await cancelledMail(user, subscriptionID);
      expect(mail.text).toMatch(/because you moved to a higher plan.*will not charge you for it again/s);
    } finally {
      socket.disconnect();
    }
  });

  it('a PayPal outage is retried in the background, and the billing page says it is still being cancelled meanwhile', async () => {
    const { user, subscriptionID } = await paypalProUser();
    b.h.paypal.failNext('subscription-action', outage);
    b.h.paypal.failNext('subscription-action', outage);
    await payWithPaypal(b.h, user, 'business');
    // Still live at PayPal for now, and the user is told so: never two live subscriptions without saying it.
    const during = await billingOf(b.h, user);
    expect(during.currentPlan.id).toBe('business');
    expect(during.paypalCancellations).toEqual([expect.objectContaining({ providerSubscriptionId: subscriptionID, status: 'pending' })]);
    await eventually(async () => atPaypal(subscriptionID) === 'CANCELLED', 30_000);
    expect(cancelsOf(subscriptionID)).toHaveLength(3);
    await eventually(async () => (await billingOf(b.h, user)).paypalCancellations[0]?.status === 'cancelled');
    const [row] = await rows(
      b.h.server,
      sql`select attempts, last_error from paypal_cancellations where provider_subscription_id = ${subscriptionID}`,
    );
    expect(row).toMatchObject({ attempts: 2, last_error: 'Service Unavailable.' });
    await cancelledMail(user, subscriptionID);
  }, 45_000);

  it('moving to Free cancels it at PayPal', async () => {
    const { user, subscriptionID } = await paypalProUser();
    const res = await b.h.server.api('/subscriptions', { token: user.token, body: { planId: 'free' } });
    expect(res.status).toBe(200);
    expect(res.body.data.currentPlan.id).toBe('free');
    await eventually(async () => atPaypal(subscriptionID) === 'CANCELLED');
    const mail = await cancelledMail(user, subscriptionID);
    expect(mail.text).toMatch(/because you moved to the free plan/);
    expect((await billingOf(b.h, user)).paypalCancellations[0]).toMatchObject({ reason: 'free', status: 'cancelled' });
  });

  it('a downgrade keeps Business to the end, stops it renewing at PayPal, and schedules Pro', async () => {
    const user = await registerUser(b.h.server);
    const { subscriptionID } = await subscribeWithPaypal(b.h, user, 'business');
    await payWithMpesa(b.h, user, 'pro');
    await eventually(async () => atPaypal(subscriptionID) === 'CANCELLED');
    // PayPal answers before our worker records the answer: wait for what the billing page shows.
    await eventually(async () => (await billingOf(b.h, user)).paypalCancellations[0]?.status === 'cancelled');
    const state = await billingOf(b.h, user);
    expect(state).toMatchObject({
      currentPlan: { id: 'business' },
      subscription: { planId: 'business', autoRenew: false },
      scheduled: { planId: 'pro', status: 'scheduled' },
    });
    expect(state.paypalCancellations[0]).toMatchObject({ reason: 'downgrade', status: 'cancelled' });
    const mail = await cancelledMail(user, subscriptionID);
    expect(mail.text).toMatch(/lower plan from the end of your current period/);
  });

  it('a new PayPal subscription for a higher plan replaces the old one at PayPal: one live subscription, the new one recorded', async () => {
    const { user, subscriptionID: old } = await paypalProUser();
    const { subscriptionID: next } = await subscribeWithPaypal(b.h, user, 'business', 'year');
    await eventually(async () => atPaypal(old) === 'CANCELLED');
    expect(atPaypal(next)).toBe('ACTIVE');
    const [active] = await activeSubscription(b.h.server, user.id);
    expect(active).toMatchObject({ plan_id: 'business', provider_subscription_id: next });
    expect((await billingOf(b.h, user)).subscription).toMatchObject({ planId: 'business', autoRenew: true });
  });

  it('PayPal refusing for good: the billing page shows the failure, the user is asked by e-mail to cancel at PayPal, and can try again', async () => {
    const { user, subscriptionID } = await paypalProUser();
    const other = await registerUser(b.h.server);
    b.h.paypal.failNext('subscription-action', {
      status: 403,
      body: { name: 'NOT_AUTHORIZED', message: 'Authorization failed due to insufficient permissions.' },
    });
    await b.h.server.api('/subscriptions', { token: user.token, body: { planId: 'free' } });
    const failed = await eventually(async () => (await billingOf(b.h, user)).paypalCancellations.find((c: any) => c.status === 'failed'));
    expect(atPaypal(subscriptionID)).toBe('ACTIVE');
    const mail = await b.smtp.waitFor(
      (m) => m.envelope.to.includes(user.email) && m.subject === 'Please cancel your Genius Lines subscription at PayPal',
    );
    expect(mail.text).toContain(subscriptionID);
    expect(mail.text).toMatch(/Manage automatic payments/);

    // Someone else's cancellation looks unknown; a malformed id is 400.
    expect((await b.h.server.api(`/billing/paypal-cancellations/${failed.id}/retry`, { token: other.token, body: {} })).status).toBe(404);
    expect((await b.h.server.api('/billing/paypal-cancellations/nope/retry', { token: user.token, body: {} })).status).toBe(400);
    const retried = await b.h.server.api(`/billing/paypal-cancellations/${failed.id}/retry`, { token: user.token, body: {} });
    expect(retried.status).toBe(202);
    expect(retried.body.data).toMatchObject({ id: failed.id, status: 'pending' });
    await eventually(async () => atPaypal(subscriptionID) === 'CANCELLED');
    await eventually(async () => (await billingOf(b.h, user)).paypalCancellations[0]?.status === 'cancelled');
    const again = await b.h.server.api(`/billing/paypal-cancellations/${failed.id}/retry`, { token: user.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already cancelled/);
  });
});

describe('a PayPal sale for a subscription we no longer hold', () => {
  it('is not applied to any plan: it is recorded and refunded in full at PayPal, and the user is told', async () => {
    const { user, subscriptionID } = await paypalProUser();
    // PayPal is down when the user upgrades, and bills the old subscription before the cancellation gets through.
    b.h.paypal.failNext('subscription-action', outage);
    await payWithMpesa(b.h, user, 'business');
    const before = (await activeSubscription(b.h.server, user.id))[0];
    // The first cycle's sale belongs to the activation; the next one is the late renewal.
    const first = b.h.paypal.billing.saleEvent(subscriptionID, { saleId: `FIRST${Date.now()}` });
    const sale = b.h.paypal.billing.saleEvent(subscriptionID, { saleId: `LATE${Date.now()}` });
    expect((await b.h.paypal.sendWebhook(paypalWebhookUrl(b.h), first)).status).toBe(200);
    expect((await b.h.paypal.sendWebhook(paypalWebhookUrl(b.h), sale)).status).toBe(200);

    const refunded = await eventually(async () => {
      const [p] = await rows(b.h.server, sql`select * from payments where provider_ref = ${sale.resource.id}`);
      return p?.status === 'refunded' ? p : undefined;
    }, 20_000);
    expect(refunded).toMatchObject({ user_id: user.id, result_code: 'REFUND_DUE', refunded_minor: 999, capture_id: sale.resource.id });
    const refundCall = b.h.paypal.requests.find((r) => r.path === `/v2/payments/captures/${sale.resource.id}/refund`);
    expect(refundCall?.headers['paypal-request-id']).toBe(`refund-${refunded.id}`);
    expect([...b.h.paypal.refunds.refunds.values()].filter((r) => r.captureId === sale.resource.id)).toHaveLength(1);
    // The plan is what it was: the sale bought nothing.
    const [after] = await activeSubscription(b.h.server, user.id);
    expect(after).toMatchObject({ id: before.id, plan_id: 'business', current_period_end: before.current_period_end });
    const mail = await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject === 'Your Genius Lines payment was refunded');
    expect(mail.text).toMatch(/after you had left it\. We refunded it in full/);
    const history = (await b.h.server.api('/payments/history', { token: user.token })).body.data.payments;
    expect(history.find((p: any) => p.providerRef === sale.resource.id)).toMatchObject({ status: 'refunded', refundedMinor: 999 });

    // PayPal's own notice of that refund changes nothing more.
    const [refund] = [...b.h.paypal.refunds.refunds.values()].filter((r) => r.captureId === sale.resource.id);
    expect((await b.h.paypal.sendWebhook(paypalWebhookUrl(b.h), b.h.paypal.refunds.refundEvent(refund.refund.id))).status).toBe(200);
    expect((await paymentRow(b.h.server, refunded.id)).refunded_minor).toBe(999);
    await eventually(async () => atPaypal(subscriptionID) === 'CANCELLED', 30_000);
  }, 45_000);
});

describe('work Redis lost', () => {
  it('a recorded cancellation, and a sale still to refund, whose jobs were lost are enqueued again by the reconciler', async () => {
    const { user, subscriptionID } = await paypalProUser();
    const [sub] = await activeSubscription(b.h.server, user.id);
    const sale = b.h.paypal.billing.saleEvent(subscriptionID, { saleId: `LOST${Date.now()}` });
    // Recorded in PostgreSQL an hour ago; their enqueue never reached Redis.
    await rows(
      b.h.server,
      sql`insert into paypal_cancellations (user_id, provider_subscription_id, subscription_id, plan_id, reason, created_at)
        values (${user.id}, ${subscriptionID}, ${sub.id}, 'pro', 'free', now() - interval '1 hour')`,
    );
    const [due] = await rows(
      b.h.server,
      sql`insert into payments (user_id, provider, provider_ref, capture_id, plan_id, interval, amount_minor, currency, status, result_code, kind, created_at)
        values (${user.id}, 'paypal', ${sale.resource.id}, ${sale.resource.id}, 'pro', 'month', 999, 'USD', 'pending', 'REFUND_DUE', 'paypal-renewal', now() - interval '1 hour')
        returning id`,
    );
    // (The worker's own reconciler may run the same round first: either way, the same job ids.)
    await reconcileOnce(b.h.server.services.ctx);
    await eventually(async () => atPaypal(subscriptionID) === 'CANCELLED');
    await eventually(async () => (await paymentRow(b.h.server, due.id)).status === 'refunded');
    expect([...b.h.paypal.refunds.refunds.values()].filter((r) => r.captureId === sale.resource.id)).toHaveLength(1);
  });
});
