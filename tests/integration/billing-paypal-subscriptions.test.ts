import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaypalClient, syncPaypalCatalog } from '@gl/core/server';
import { DAY_MS, useBillingHarness } from '../helpers/billing';
import { eventually } from '../helpers/eventually';
import { billingCounts, rows } from '../helpers/payments';
import { paypalSchemaErrors } from '../helpers/paypal-specs';
import { registerUser, type TestUser } from '../helpers/users';

const b = useBillingHarness({ BILLING_SWEEP_INTERVAL_MS: '300', PUBLIC_URL: 'http://localhost:5173' });
const webhook = () => `${b.h.server.url}/api/payments/paypal/webhook`;
const billing = async (user: TestUser) => (await b.h.server.api('/billing', { token: user.token })).body.data;
const sync = () =>
  syncPaypalCatalog(
    new PaypalClient({ baseUrl: b.h.paypal.url, clientId: 'pp-client', clientSecret: 'pp-secret' }),
    b.h.server.services.ctx.db,
  );

/** Every body our server sent to PayPal's billing and catalog endpoints conforms to PayPal's documents. */
function expectBodiesConform() {
  const checks: Array<[RegExp, 'subscriptions' | 'products', string]> = [
    [/^\/v1\/catalogs\/products$/, 'products', 'product_request_POST'],
    [/^\/v1\/billing\/plans$/, 'subscriptions', 'plan_request_POST'],
    [/^\/v1\/billing\/subscriptions$/, 'subscriptions', 'subscription_request_post'],
    [/^\/v1\/billing\/subscriptions\/[^/]+\/suspend$/, 'subscriptions', 'subscription_suspend_request'],
    [/^\/v1\/billing\/subscriptions\/[^/]+\/activate$/, 'subscriptions', 'subscription_activate_request'],
    [/^\/v1\/billing\/subscriptions\/[^/]+\/cancel$/, 'subscriptions', 'subscription_cancel_request'],
  ];
  let checked = 0;
  for (const r of b.h.paypal.requests.filter((x) => x.method === 'POST')) {
    const check = checks.find(([re]) => re.test(r.path));
    if (!check) continue;
    expect(paypalSchemaErrors(check[1], check[2], r.body), `${r.path} ${JSON.stringify(r.body)}`).toEqual([]);
    checked++;
  }
  return checked;
}

async function subscribe(user: TestUser, planId: 'pro' | 'business' = 'pro', interval: 'month' | 'year' = 'month') {
  const created = await b.h.server.api('/payments/paypal/create-subscription', { token: user.token, body: { planId, interval } });
  expect(created.status).toBe(201);
  return created.body.data as { subscriptionID: string; approveUrl: string; paymentId: string };
}

beforeAll(async () => {
  await sync();
});

describe('PayPal catalog sync', () => {
  it('creates one product and a plan per (planId, interval) once, found again by name, ids stored in PostgreSQL', async () => {
    const again = await sync();
    expect(again.every((r) => !r.created)).toBe(true);
    expect(b.h.paypal.billing.products.size).toBe(1);
    expect(b.h.paypal.billing.plans.size).toBe(4);
    const stored = await rows<{ key: string; paypal_id: string }>(b.h.server, sql`select key, paypal_id from paypal_catalog order by key`);
    expect(stored.map((r) => r.key)).toEqual(['plan:business:month', 'plan:business:year', 'plan:pro:month', 'plan:pro:year', 'product']);
    const proMonth = [...b.h.paypal.billing.plans.values()].find((p) => p.id === stored.find((r) => r.key === 'plan:pro:month')!.paypal_id);
    expect(proMonth.billing_cycles[0].pricing_scheme.fixed_price).toEqual({ currency_code: 'USD', value: '9.99' });
    expect(expectBodiesConform()).toBeGreaterThanOrEqual(5);
  });
});

describe('PayPal auto-renewing subscription', () => {
  it('create → confirm → renewal webhook → receipt → suspend → resume → cancel at the end', async () => {
    const user = await registerUser(b.h.server);
    const other = await registerUser(b.h.server);
    const { subscriptionID, approveUrl } = await subscribe(user);
    expect(approveUrl).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\//);
    expect(b.h.paypal.billing.subscriptions.get(subscriptionID).custom_id).toBeTruthy();

    // Not approved yet, or someone else's: refused.
    const early = await b.h.server.api('/payments/paypal/confirm-subscription', { token: user.token, body: { subscriptionID } });
    expect(early.status).toBe(409);
    b.h.paypal.billing.approve(subscriptionID);
    const foreign = await b.h.server.api('/payments/paypal/confirm-subscription', { token: other.token, body: { subscriptionID } });
    expect(foreign.status).toBe(404);
    expect((await billing(other)).currentPlan.id).toBe('free');

    const confirmed = await b.h.server.api('/payments/paypal/confirm-subscription', { token: user.token, body: { subscriptionID } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      currentPlan: { id: 'pro' },
      subscription: { planId: 'pro', provider: 'paypal', autoRenew: true },
    });
    // A repeated confirm changes nothing.
    expect((await b.h.server.api('/payments/paypal/confirm-subscription', { token: user.token, body: { subscriptionID } })).status).toBe(
      200,
    );
    let state = await billing(user);
    expect(state).toMatchObject({ receiptsCount: 1, subscription: { autoRenew: true } });
    const firstEnd = new Date(state.subscription.currentPeriodEnd).getTime();

    // The first cycle's sale belongs to the activation: no second payment.
    expect((await b.h.paypal.sendWebhook(webhook(), b.h.paypal.billing.saleEvent(subscriptionID))).status).toBe(200);
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1 });

    // A renewal, delivered twice at once (two event ids, one sale): one payment, one receipt, the period extended.
    const saleId = 'RENEWAL1SALE00001';
    const [r1, r2] = await Promise.all([
      b.h.paypal.sendWebhook(webhook(), b.h.paypal.billing.saleEvent(subscriptionID, { saleId })),
      b.h.paypal.sendWebhook(webhook(), b.h.paypal.billing.saleEvent(subscriptionID, { saleId })),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    state = await eventually(async () => {
      const s = await billing(user);
      return s.receiptsCount === 2 ? s : undefined;
    });
    expect(new Date(state.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(firstEnd + 27 * DAY_MS);
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ completedPayments: 2, activeSubscriptions: 1 });
    const [renewal] = await rows(b.h.server, sql`select * from payments where provider_ref = ${saleId}`);
    expect(renewal.receipt_number).toMatch(/^GL-\d{4}-\d{6}$/);
    await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject.includes(renewal.receipt_number));

    // A replayed event (same id) is acknowledged and ignored.
    const replay = b.h.paypal.billing.saleEvent(subscriptionID, { saleId: 'RENEWAL2SALE00002' });
    await b.h.paypal.sendWebhook(webhook(), replay);
    await b.h.paypal.sendWebhook(webhook(), replay);
    await eventually(async () => (await billing(user)).receiptsCount === 3);
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ completedPayments: 3, activeSubscriptions: 1 });

    // Auto-renew off: suspended at PayPal, access kept. Someone else cannot touch it.
    const subId = state.subscription.id;
    expect((await b.h.server.api(`/subscriptions/${subId}/cancel`, { token: other.token, body: {} })).status).toBe(404);
    const cancelled = await b.h.server.api(`/subscriptions/${(await billing(user)).subscription.id}/cancel`, {
      token: user.token,
      body: {},
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.subscription).toMatchObject({ autoRenew: false, status: 'active' });
    expect(b.h.paypal.billing.subscriptions.get(subscriptionID).status).toBe('SUSPENDED');
    expect((await billing(user)).currentPlan.id).toBe('pro');

    // Resume: active again at PayPal, no new approval.
    const active = (await billing(user)).subscription.id;
    const resumed = await b.h.server.api(`/subscriptions/${active}/resume`, { token: user.token, body: {} });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.subscription.autoRenew).toBe(true);
    expect(b.h.paypal.billing.subscriptions.get(subscriptionID).status).toBe('ACTIVE');

    // Off again, and the period ends: back to free, and the suspended subscription is cancelled at PayPal.
    await b.h.server.api(`/subscriptions/${active}/cancel`, { token: user.token, body: {} });
    await rows(b.h.server, sql`update subscriptions set current_period_end = now() - interval '1 minute' where id = ${active}`);
    await eventually(async () => b.h.paypal.billing.subscriptions.get(subscriptionID).status === 'CANCELLED');
    expect((await billing(user)).currentPlan.id).toBe('free');
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ activeSubscriptions: 0 });
    expect(expectBodiesConform()).toBeGreaterThanOrEqual(9);
  });

  it('refuses a cancelled or foreign subscription, tells the owner when a payment fails, and keeps unknown events', async () => {
    const user = await registerUser(b.h.server);
    const { subscriptionID } = await subscribe(user, 'business', 'year');
    b.h.paypal.billing.approve(subscriptionID);
    b.h.paypal.billing.setStatus(subscriptionID, 'CANCELLED');
    const res = await b.h.server.api('/payments/paypal/confirm-subscription', { token: user.token, body: { subscriptionID } });
    expect(res.status).toBe(409);
    expect(
      (await b.h.server.api('/payments/paypal/confirm-subscription', { token: user.token, body: { subscriptionID: 'I-UNKNOWN0000' } }))
        .status,
    ).toBe(404);
    expect(
      (await b.h.server.api('/payments/paypal/confirm-subscription', { token: user.token, body: { subscriptionID: 'bad id!' } })).status,
    ).toBe(400);
    expect((await billing(user)).currentPlan.id).toBe('free');

    // Activated through the webhook alone (the browser never confirmed): the server reads PayPal and activates.
    const second = await subscribe(user, 'pro', 'month');
    b.h.paypal.billing.approve(second.subscriptionID);
    await b.h.paypal.sendWebhook(webhook(), b.h.paypal.billing.subscriptionEvent(second.subscriptionID, 'BILLING.SUBSCRIPTION.ACTIVATED'));
    await eventually(async () => (await billing(user)).currentPlan.id === 'pro');

    await b.h.paypal.sendWebhook(
      webhook(),
      b.h.paypal.billing.subscriptionEvent(second.subscriptionID, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED'),
    );
    await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject === 'Your Genius Lines payment failed');

    // PayPal suspends it: auto-renew off, access kept to the end.
    await b.h.paypal.sendWebhook(webhook(), b.h.paypal.billing.subscriptionEvent(second.subscriptionID, 'BILLING.SUBSCRIPTION.SUSPENDED'));
    await eventually(async () => (await billing(user)).subscription?.autoRenew === false);
    expect((await billing(user)).currentPlan.id).toBe('pro');

    // A sale of a subscription we do not know: stored, acknowledged.
    const unknown = b.h.paypal.billing.saleEvent(subscriptionID, { saleId: 'UNKNOWNSALE000001' });
    unknown.resource.billing_agreement_id = 'I-NOTOURS00000';
    expect((await b.h.paypal.sendWebhook(webhook(), unknown)).status).toBe(200);
    const [stored] = await rows(b.h.server, sql`select count(*)::int as n from payment_events where provider_event_id = ${unknown.id}`);
    expect(stored.n).toBe(1);

    // An unverifiable delivery is refused.
    const forged = b.h.paypal.billing.saleEvent(second.subscriptionID);
    const headers = b.h.paypal.signWebhook({ ...forged, id: 'WH-OTHER' });
    expect((await b.h.paypal.sendWebhook(webhook(), forged, headers)).status).toBe(400);
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ activeSubscriptions: 1 });
  });

  it('cancel or resume of a subscription that is not yours is 404, a malformed id 400', async () => {
    const user = await registerUser(b.h.server);
    expect(
      (await b.h.server.api('/subscriptions/00000000-0000-4000-8000-000000000000/cancel', { token: user.token, body: {} })).status,
    ).toBe(404);
    expect((await b.h.server.api('/subscriptions/not-a-uuid/resume', { token: user.token, body: {} })).status).toBe(400);
  });
});

describe('account deletion and PayPal', () => {
  const deleteAccount = (user: TestUser) =>
    b.h.server.api('/users/account', { method: 'DELETE', token: user.token, body: { password: user.password, confirm: 'DELETE' } });
  const cancelsOf = (subscriptionID: string) =>
    b.h.paypal.requests.filter((r) => r.method === 'POST' && r.path === `/v1/billing/subscriptions/${subscriptionID}/cancel`);

  async function activeSubscriber() {
    const user = await registerUser(b.h.server);
    const { subscriptionID } = await subscribe(user);
    b.h.paypal.billing.approve(subscriptionID);
    const confirmed = await b.h.server.api('/payments/paypal/confirm-subscription', { token: user.token, body: { subscriptionID } });
    expect(confirmed.status).toBe(200);
    return { user, subscriptionID };
  }

  it('cancels the auto-renewing subscription at PayPal; if PayPal fails, nothing is deleted and a retry works', async () => {
    const { user, subscriptionID } = await activeSubscriber();

    // PayPal is down: the account stays, with its plan, and PayPal still bills.
    b.h.paypal.failNext('subscription-action', {
      status: 500,
      body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' },
    });
    const failed = await deleteAccount(user);
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/could not be cancelled at PayPal, so your account was not deleted/);
    expect((await billing(user)).currentPlan.id).toBe('pro');
    expect(b.h.paypal.billing.subscriptions.get(subscriptionID).status).toBe('ACTIVE');

    const deleted = await deleteAccount(user);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(b.h.paypal.billing.subscriptions.get(subscriptionID).status).toBe('CANCELLED');
    const cancels = cancelsOf(subscriptionID);
    expect(cancels).toHaveLength(2);
    expect(cancels[1]!.body).toEqual({ reason: expect.stringMatching(/deleted/) });
    expect((await b.h.server.api('/auth/me', { token: user.token })).status).toBe(401);
    expect(expectBodiesConform()).toBeGreaterThan(0);
  });

  it('a subscription already cancelled at PayPal (422) or suspended by auto-renew off does not stop the deletion', async () => {
    // Cancelled at PayPal already (an earlier attempt whose answer was lost): PayPal answers 422, the deletion goes on.
    const first = await activeSubscriber();
    b.h.paypal.billing.setStatus(first.subscriptionID, 'CANCELLED');
    expect((await deleteAccount(first.user)).status).toBe(200);
    expect(cancelsOf(first.subscriptionID)).toHaveLength(1);

    // Auto-renew turned off (SUSPENDED at PayPal): cancelled too, so it can never be re-activated.
    const second = await activeSubscriber();
    const sub = (await billing(second.user)).subscription.id;
    expect((await b.h.server.api(`/subscriptions/${sub}/cancel`, { token: second.user.token, body: {} })).status).toBe(200);
    expect(b.h.paypal.billing.subscriptions.get(second.subscriptionID).status).toBe('SUSPENDED');
    expect((await deleteAccount(second.user)).status).toBe(200);
    expect(b.h.paypal.billing.subscriptions.get(second.subscriptionID).status).toBe('CANCELLED');
  });
});
