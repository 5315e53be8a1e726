import { sql } from 'drizzle-orm';
import { PaypalClient, syncPaypalCatalog } from '@gl/core/server';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { eventually } from './eventually';
import { paymentRow, rows, startPaymentsHarness, type PaymentsHarness } from './payments';
import type { TestServer } from './server';
import type { TestUser } from './users';

export const DAY_MS = 86_400_000;

/** A payments harness whose worker delivers e-mail to an SMTP stub. */
export function useBillingHarness(env: Record<string, string> = {}) {
  let harness: PaymentsHarness | undefined;
  let smtp: SmtpStub | undefined;
  beforeAll(async () => {
    smtp = await startSmtpStub();
    harness = await startPaymentsHarness({ SMTP_URL: smtp.url, MAIL_FROM: 'Genius Lines <billing@geniuslines.test>', ...env });
  });
  afterAll(async () => {
    await harness?.stop();
    await smtp?.close();
  });
  return {
    get h() {
      return harness!;
    },
    get smtp() {
      return smtp!;
    },
  };
}

/** Pushes an STK request for the user, fires Daraja's success callback, and waits until the payment completes. */
export async function payWithMpesa(h: PaymentsHarness, user: TestUser, planId: 'pro' | 'business', interval: 'month' | 'year' = 'month') {
  const res = await h.server.api('/payments/mpesa/stk-push', { token: user.token, body: { planId, interval, phoneNumber: '0712345678' } });
  if (res.status !== 200) throw new Error(`stk push failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { paymentId, checkoutRequestID, amount } = res.body.data as { paymentId: string; checkoutRequestID: string; amount: number };
  await h.daraja.fireCallback(checkoutRequestID, 0);
  const payment = await eventually(async () => {
    const row = await paymentRow(h.server, paymentId);
    return row?.status === 'completed' ? row : undefined;
  });
  return { paymentId, amount, payment };
}

/** Moves a user's billing back in time by `days`: the active subscription and the periods its payments paid for. */
export async function shiftBilling(server: TestServer, userId: string, days: number) {
  const ms = `${days} days`;
  await rows(
    server,
    sql`update subscriptions set current_period_start = current_period_start - ${ms}::interval, current_period_end = current_period_end - ${ms}::interval where user_id = ${userId}`,
  );
  await rows(
    server,
    sql`update payments set period_start = period_start - ${ms}::interval, period_end = period_end - ${ms}::interval where user_id = ${userId}`,
  );
}

export async function activeSubscription(server: TestServer, userId: string) {
  const found = await rows(server, sql`select * from subscriptions where user_id = ${userId} and status = 'active'`);
  return found;
}

/** Creates a PayPal order for the user, has the buyer approve it at PayPal, and captures it. Throws on any refusal. */
export async function payWithPaypal(h: PaymentsHarness, user: TestUser, planId: 'pro' | 'business', interval: 'month' | 'year' = 'month') {
  const created = await h.server.api('/payments/paypal/create-order', { token: user.token, body: { planId, interval } });
  if (created.status !== 201) throw new Error(`create-order failed: ${created.status} ${JSON.stringify(created.body)}`);
  const { orderID, paymentId } = created.body.data as { orderID: string; paymentId: string };
  h.paypal.approve(orderID);
  const captured = await h.server.api('/payments/paypal/capture-order', { token: user.token, body: { orderID, planId } });
  if (captured.status !== 200) throw new Error(`capture failed: ${captured.status} ${JSON.stringify(captured.body)}`);
  const payment = await paymentRow(h.server, paymentId);
  const captureId = h.paypal.orders.get(orderID).purchase_units[0].payments.captures[0].id as string;
  return { orderID, paymentId, payment, captureId };
}

/** Stores the PayPal catalogue (products and plans) the subscription endpoints need, as `npm run paypal:sync` does. */
export function syncCatalog(h: PaymentsHarness) {
  return syncPaypalCatalog(
    new PaypalClient({ baseUrl: h.paypal.url, clientId: 'pp-client', clientSecret: 'pp-secret' }),
    h.server.services.ctx.db,
  );
}

/** An auto-renewing PayPal subscription, approved at PayPal and confirmed: the user's plan renews there. */
export async function subscribeWithPaypal(
  h: PaymentsHarness,
  user: TestUser,
  planId: 'pro' | 'business',
  interval: 'month' | 'year' = 'month',
) {
  const created = await h.server.api('/payments/paypal/create-subscription', { token: user.token, body: { planId, interval } });
  if (created.status !== 201) throw new Error(`create-subscription failed: ${created.status} ${JSON.stringify(created.body)}`);
  const { subscriptionID, paymentId } = created.body.data as { subscriptionID: string; paymentId: string };
  h.paypal.billing.approve(subscriptionID);
  const confirmed = await h.server.api('/payments/paypal/confirm-subscription', { token: user.token, body: { subscriptionID } });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { subscriptionID, paymentId };
}

/** GET /billing as the user. */
export async function billingOf(h: PaymentsHarness, user: TestUser) {
  const res = await h.server.api('/billing', { token: user.token });
  if (res.status !== 200) throw new Error(`GET /billing failed: ${res.status}`);
  return res.body.data;
}

/** The webhook URL PayPal delivers to. */
export const paypalWebhookUrl = (h: PaymentsHarness) => `${h.server.url}/api/payments/paypal/webhook`;
