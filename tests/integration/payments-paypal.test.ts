import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PaypalClient } from '@gl/core/server';
import { eventually } from '../helpers/eventually';
import { billingCounts, paymentRow, rows, usePaymentsHarness } from '../helpers/payments';
import { paypalSchemaErrors } from '../helpers/paypal-specs';
import { nextEvent, recordEvents } from '../helpers/socket';
import { registerUser, type TestUser } from '../helpers/users';

const h = usePaymentsHarness();

const userWithSocket = () => h.userWithSocket();

/**
 * Every Orders v2 request body our server sent so far conforms to PayPal's OpenAPI document
 * (order_request, order_capture_request); answers how many were checked.
 */
function expectOrderBodiesConform(): number {
  const checks: Array<[RegExp, string]> = [
    [/^\/v2\/checkout\/orders$/, 'order_request'],
    [/^\/v2\/checkout\/orders\/[^/]+\/capture$/, 'order_capture_request'],
  ];
  let checked = 0;
  for (const r of h.paypal.requests.filter((x) => x.method === 'POST')) {
    const check = checks.find(([re]) => re.test(r.path));
    if (!check) continue;
    expect(paypalSchemaErrors('orders', check[1], r.body), `${r.path} ${JSON.stringify(r.body)}`).toEqual([]);
    checked++;
  }
  return checked;
}

async function createOrder(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await h.server.api('/payments/paypal/create-order', {
    token: user.token,
    body: { planId: 'pro', interval: 'month', ...body },
  });
  expect(res.status).toBe(201);
  expect(expectOrderBodiesConform()).toBeGreaterThan(0);
  return res.body.data as { orderID: string; paymentId: string };
}

async function capture(user: TestUser, orderID: string, planId = 'pro') {
  const res = await h.server.api('/payments/paypal/capture-order', { token: user.token, body: { orderID, planId } });
  expectOrderBodiesConform();
  return res;
}

const webhookUrl = () => `${h.server.url}/api/payments/paypal/webhook`;

describe('PayPal: the happy path, end to end', () => {
  it('creates the order from the catalogue, captures it, and activates the plan live and at once', async () => {
    const { user, socket } = await userWithSocket();
    const completed = nextEvent(socket, 'payment:updated', (p: any) => p.status === 'completed');
    const subscription = nextEvent(socket, 'subscription:updated');

    // A tampered client amount and currency are ignored: the catalogue decides.
    const order = await createOrder(user, { amount: '0.01', currency: 'EUR' });
    const created = h.paypal.requests.find((r) => r.path === '/v2/checkout/orders' && r.headers['paypal-request-id'] === order.paymentId);
    expect(created, 'create carries PayPal-Request-Id').toBeDefined();
    // The shape is checked against PayPal's schema (createOrder); here, what the values must be.
    expect(created!.body.purchase_units).toEqual([
      expect.objectContaining({ custom_id: order.paymentId, amount: { currency_code: 'USD', value: '9.99' } }),
    ]);
    expect(created!.headers.authorization).toMatch(/^Bearer A21AA/);

    h.paypal.approve(order.orderID);
    const res = await capture(user, order.orderID);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: order.orderID, paymentId: order.paymentId, status: 'completed', currentPlan: { id: 'pro' } });
    expect(res.body.data.subscription).toMatchObject({ planId: 'pro', status: 'active', interval: 'month' });
    const captureReq = h.paypal.requests.find((r) => r.path === `/v2/checkout/orders/${order.orderID}/capture`);
    expect(captureReq!.headers['paypal-request-id']).toBe(`capture-${order.paymentId}`);

    expect(await completed).toMatchObject({ paymentId: order.paymentId, provider: 'paypal', status: 'completed', planId: 'pro' });
    expect((await subscription).currentPlan.id).toBe('pro');
    expect((await h.server.api('/auth/me', { token: user.token })).body.data.user.planId).toBe('pro');
    expect((await h.server.api('/subscriptions', { token: user.token })).body.data.currentPlan.id).toBe('pro');
    const history = await h.server.api('/payments/history', { token: user.token });
    expect(history.body.data.payments[0]).toMatchObject({ provider: 'paypal', status: 'completed', amountMinor: 999, currency: 'USD' });
  });

  it('charges the yearly price: monthly x 12 x 0.8', async () => {
    const user = await registerUser(h.server);
    const order = await createOrder(user, { planId: 'business', interval: 'year' });
    expect(h.paypal.orders.get(order.orderID).purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '287.90' });
    h.paypal.approve(order.orderID);
    const res = await capture(user, order.orderID, 'business');
    expect(res.body.data.subscription).toMatchObject({ planId: 'business', interval: 'year' });
    const end = new Date(res.body.data.subscription.currentPeriodEnd).getTime();
    expect(end - Date.now()).toBeGreaterThan(360 * 86_400_000);
  });

  it('tells the browser whether payments are live or simulated, without secrets', async () => {
    const res = await h.server.api('/payments/config');
    expect(res.body.data).toEqual({
      simulated: false,
      paypalClientId: 'pp-client',
      currency: 'USD',
      paypal: true,
      mpesa: true,
      kesPerUsd: 129,
    });
  });
});

describe('PayPal races and repeats', () => {
  it('a capture retried after a lost response: PayPal-Request-Id replays, one payment, one subscription', async () => {
    const { user, socket } = await userWithSocket();
    const events = recordEvents(socket, ['payment:updated', 'subscription:updated']);
    const order = await createOrder(user);
    h.paypal.approve(order.orderID);
    h.paypal.failNext('capture', 'drop-after-capture');
    const first = await capture(user, order.orderID);
    expect(first.status).toBe(502);
    expect(first.body.error).toBe('Failed to capture PayPal payment');
    expect((await paymentRow(h.server, order.paymentId)).status).toBe('pending');

    const retry = await capture(user, order.orderID);
    expect(retry.status).toBe(200);
    expect(retry.body.data.status).toBe('completed');
    expect(h.paypal.capturesOf(order.orderID)).toBe(1);
    const ids = h.paypal.requests.filter((r) => r.path.endsWith(`${order.orderID}/capture`)).map((r) => r.headers['paypal-request-id']);
    expect(ids).toEqual([`capture-${order.paymentId}`, `capture-${order.paymentId}`]);

    const again = await capture(user, order.orderID);
    expect(again.body.data).toMatchObject({ status: 'completed', subscription: retry.body.data.subscription });
    expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1, subscriptions: 1 });
    await eventually(async () => events.some((e) => e.event === 'subscription:updated'));
    expect(events.filter((e) => e.event === 'payment:updated')).toHaveLength(1);
  });

  it('five captures at once and the webhook too: exactly one completion', async () => {
    const { user } = await userWithSocket();
    const order = await createOrder(user);
    h.paypal.approve(order.orderID);
    const results = await Promise.all(Array.from({ length: 5 }, () => capture(user, order.orderID)));
    expect(results.every((r) => r.status === 200 && r.body.data.status === 'completed')).toBe(true);
    const event = h.paypal.captureEvent(order.orderID);
    expect((await h.paypal.sendWebhook(webhookUrl(), event)).status).toBe(200);
    expect((await h.paypal.sendWebhook(webhookUrl(), event)).status).toBe(200);
    expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1, subscriptions: 1 });
  });

  it('a retried create with the same PayPal-Request-Id answers 200 with the same order', async () => {
    const client = new PaypalClient({ baseUrl: h.paypal.url, clientId: 'pp-client', clientSecret: 'pp-secret' });
    const body = { intent: 'CAPTURE' as const, purchase_units: [{ amount: { currency_code: 'USD', value: '9.99' } }] };
    const a = await client.createOrder(body, 'same-request-id');
    const b = await client.createOrder(body, 'same-request-id');
    expect(b.id).toBe(a.id);
    expect(h.paypal.orders.size).toBeGreaterThan(0);
  });
});

describe('PayPal capture checks', () => {
  it("refuses to capture another user's order, without touching PayPal", async () => {
    const owner = await registerUser(h.server);
    const thief = await registerUser(h.server);
    const order = await createOrder(owner);
    h.paypal.approve(order.orderID);
    const res = await capture(thief, order.orderID);
    expect(res.status).toBe(404);
    expect(h.paypal.capturesOf(order.orderID)).toBe(0);
    expect((await paymentRow(h.server, order.paymentId)).status).toBe('pending');
    expect((await h.server.api('/auth/me', { token: thief.token })).body.data.user.planId).toBe('free');
    // The owner still can.
    expect((await capture(owner, order.orderID)).body.data.status).toBe('completed');
  });

  it('refuses a planId that is not the one paid for', async () => {
    const user = await registerUser(h.server);
    const order = await createOrder(user);
    h.paypal.approve(order.orderID);
    const res = await capture(user, order.orderID, 'business');
    expect(res.status).toBe(400);
    expect(h.paypal.capturesOf(order.orderID)).toBe(0);
  });

  it('an order the buyer has not approved is not captured and stays pending', async () => {
    const user = await registerUser(h.server);
    const order = await createOrder(user);
    const res = await capture(user, order.orderID);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PAYMENT_DECLINED', error: 'Payment processing failed. Please try again.' });
    expect((await paymentRow(h.server, order.paymentId)).status).toBe('pending');
  });

  it('a COMPLETED order whose capture is DECLINED fails the payment', async () => {
    const { user, socket } = await userWithSocket();
    const order = await createOrder(user);
    const update = nextEvent(socket, 'payment:updated', (p: any) => p.paymentId === order.paymentId);
    h.paypal.approve(order.orderID);
    h.paypal.setCaptureOutcome(order.orderID, 'DECLINED');
    const res = await capture(user, order.orderID);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PAYMENT_DECLINED', error: 'Payment processing failed. Please try again.' });
    expect(await update).toMatchObject({ status: 'failed', message: 'Payment processing failed. Please try again.' });
    expect(await billingCounts(h.server, user.id)).toMatchObject({ activeSubscriptions: 0 });
  });

  it('a capture for another amount is refused and activates nothing', async () => {
    const user = await registerUser(h.server);
    const order = await createOrder(user);
    h.paypal.approve(order.orderID);
    h.paypal.setCaptureOutcome(order.orderID, 'COMPLETED', '0.01');
    const res = await capture(user, order.orderID);
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('PAYMENT_DECLINED');
    expect(await paymentRow(h.server, order.paymentId)).toMatchObject({ status: 'failed', result_code: 'MISMATCH' });
    expect(await billingCounts(h.server, user.id)).toMatchObject({ activeSubscriptions: 0 });
  });

  it('a PENDING capture waits for PAYMENT.CAPTURE.COMPLETED, which completes it once', async () => {
    const { user, socket } = await userWithSocket();
    const order = await createOrder(user);
    h.paypal.approve(order.orderID);
    h.paypal.setCaptureOutcome(order.orderID, 'PENDING');
    const res = await capture(user, order.orderID);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', subscription: null });
    expect((await h.server.api('/auth/me', { token: user.token })).body.data.user.planId).toBe('free');

    const completed = nextEvent(socket, 'payment:updated', (p: any) => p.status === 'completed');
    const event = h.paypal.captureEvent(order.orderID, 'PAYMENT.CAPTURE.COMPLETED');
    const delivered = await h.paypal.sendWebhook(webhookUrl(), event);
    expect(delivered).toMatchObject({ status: 200, body: { success: true, data: { received: true } } });
    expect(await completed).toMatchObject({ paymentId: order.paymentId });
    // PayPal delivers again: nothing more happens.
    expect((await h.paypal.sendWebhook(webhookUrl(), event)).status).toBe(200);
    expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1 });
    expect((await h.server.api('/auth/me', { token: user.token })).body.data.user.planId).toBe('pro');
    // Each event is stored and applied once by its id (DESIGN §9): the redelivery is acknowledged only.
    const stored = await rows(h.server, sql`select kind from payment_events where payment_id = ${order.paymentId}`);
    expect(stored).toHaveLength(1);
  });
});

describe('PayPal webhook verification', () => {
  async function pendingCapture() {
    const user = await registerUser(h.server);
    const order = await createOrder(user);
    h.paypal.approve(order.orderID);
    h.paypal.setCaptureOutcome(order.orderID, 'PENDING');
    await capture(user, order.orderID);
    return { user, order, event: h.paypal.captureEvent(order.orderID) };
  }

  it('an event whose signature PayPal does not confirm is rejected and changes nothing', async () => {
    const { user, order, event } = await pendingCapture();
    const before = (await rows<{ n: number }>(h.server, sql`select count(*)::int as n from payment_events`))[0]!.n;
    // Signed for another body (an attacker edits the amount or the order id after signing).
    const headers = h.paypal.signWebhook({ ...event, id: 'WH-SOMETHING-ELSE' });
    const forged = await h.paypal.sendWebhook(webhookUrl(), event, headers);
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ success: false, error: 'Webhook signature could not be verified' });
    // Made-up headers.
    const madeUp = await h.paypal.sendWebhook(webhookUrl(), event, {
      'paypal-transmission-id': 'f4d5ad30-1111-2222-3333-444455556666',
      'paypal-transmission-time': new Date().toISOString(),
      'paypal-transmission-sig': 'bm90IGEgc2lnbmF0dXJl',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-auth-algo': 'SHA256withRSA',
    });
    expect(madeUp.status).toBe(400);
    // No signature headers at all.
    const bare = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(bare.status).toBe(400);
    const after = (await rows<{ n: number }>(h.server, sql`select count(*)::int as n from payment_events`))[0]!.n;
    expect(after).toBe(before);
    expect((await paymentRow(h.server, order.paymentId)).status).toBe('pending');
    expect((await h.server.api('/auth/me', { token: user.token })).body.data.user.planId).toBe('free');
  });

  it('a verification outage is a 503 so PayPal delivers again later', async () => {
    const { order, event } = await pendingCapture();
    h.paypal.failNext('verify', { status: 500, body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' } });
    expect((await h.paypal.sendWebhook(webhookUrl(), event)).status).toBe(503);
    expect((await paymentRow(h.server, order.paymentId)).status).toBe('pending');
    expect((await h.paypal.sendWebhook(webhookUrl(), event)).status).toBe(200);
    expect((await paymentRow(h.server, order.paymentId)).status).toBe('completed');
  });

  it('PAYMENT.CAPTURE.DENIED fails the pending payment', async () => {
    const { order } = await pendingCapture();
    const denied = h.paypal.captureEvent(order.orderID, 'PAYMENT.CAPTURE.DENIED');
    expect((await h.paypal.sendWebhook(webhookUrl(), denied)).status).toBe(200);
    expect(await paymentRow(h.server, order.paymentId)).toMatchObject({ status: 'failed', result_code: 'DENIED' });
  });
});

describe('PayPal failures and access', () => {
  it('a failed create is "Failed to create PayPal order" and the payment is recorded as failed', async () => {
    const user = await registerUser(h.server);
    h.paypal.failNext('create', { status: 500, body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' } });
    const res = await h.server.api('/payments/paypal/create-order', { token: user.token, body: { planId: 'pro' } });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, error: 'Failed to create PayPal order' });
    const history = await h.server.api('/payments/history', { token: user.token });
    expect(history.body.data.payments[0]).toMatchObject({ status: 'failed', message: 'Failed to create PayPal order' });
  });

  it('needs a signed-in user, a paid plan and a well-formed order id', async () => {
    expect((await h.server.api('/payments/paypal/create-order', { body: { planId: 'pro' } })).status).toBe(401);
    const user = await registerUser(h.server);
    const free = await h.server.api('/payments/paypal/create-order', { token: user.token, body: { planId: 'free' } });
    expect(free.status).toBe(400);
    const bad = await h.server.api('/payments/paypal/capture-order', { token: user.token, body: { orderID: '../../etc' } });
    expect(bad.status).toBe(400);
    const unknown = await h.server.api('/payments/paypal/capture-order', { token: user.token, body: { orderID: 'NOSUCHORDER123' } });
    expect(unknown.status).toBe(404);
  });

  it("history is the caller's own; another user's id is 403", async () => {
    const a = await registerUser(h.server);
    const b = await registerUser(h.server);
    await createOrder(a);
    const own = await h.server.api(`/payments/history/${a.id}`, { token: a.token });
    expect(own.status).toBe(200);
    expect(own.body.data.payments).toHaveLength(1);
    const other = await h.server.api(`/payments/history/${a.id}`, { token: b.token });
    expect(other.status).toBe(403);
    expect((await h.server.api('/payments/history', { token: b.token })).body.data.payments).toHaveLength(0);
    expect((await h.server.api('/payments/history')).status).toBe(401);
  });

  it('cancelling a pending PayPal payment, then approving anyway, still honours the capture', async () => {
    const user = await registerUser(h.server);
    const order = await createOrder(user);
    const cancel = await h.server.api(`/payments/${order.paymentId}/cancel`, { token: user.token, method: 'POST' });
    expect(cancel.body.data).toEqual({ cancelled: true });
    h.paypal.approve(order.orderID);
    const res = await capture(user, order.orderID);
    expect(res.body.data.status).toBe('completed');
    expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1 });
  });
});
