import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeSubscription,
  billingOf,
  payWithMpesa,
  payWithPaypal,
  paypalWebhookUrl,
  shiftBilling,
  subscribeWithPaypal,
  syncCatalog,
  useBillingHarness,
} from '../helpers/billing';
import { eventually } from '../helpers/eventually';
import { paymentRow, rows } from '../helpers/payments';
import { paypalSchemaErrors } from '../helpers/paypal-specs';
import { connectSocket, nextEvent } from '../helpers/socket';
import { registerUser, type TestUser } from '../helpers/users';

/**
 * Finding 4 of issue 21: refunds changed nothing, and a webhook whose handling failed was dropped as
 * a duplicate when PayPal delivered it again. PayPal's PAYMENT.CAPTURE.REFUNDED / .REVERSED (and the
 * subscription sale's PAYMENT.SALE.REFUNDED) now end what the payment bought, through the payment
 * state machine; the simulator refunds at PayPal's side and delivers the events signed, as PayPal does.
 */
const b = useBillingHarness();
const send = (event: unknown) => b.h.paypal.sendWebhook(paypalWebhookUrl(b.h), event);
const history = async (user: TestUser) => (await b.h.server.api('/payments/history', { token: user.token })).body.data.payments as any[];

/** The event follows PayPal's documents: Webhooks v1 `event`, its resource Orders v2 `refund`. */
function expectPaypalShapes(event: any) {
  expect(paypalSchemaErrors('webhooks', 'event', event)).toEqual([]);
  if (event.event_type.startsWith('PAYMENT.CAPTURE.')) expect(paypalSchemaErrors('orders', 'refund', event.resource)).toEqual([]);
}

beforeAll(async () => {
  await syncCatalog(b.h);
});

describe('refunds and reversals end what the payment bought', () => {
  it('a refunded upgrade gives the plan before back; the payment no longer counts; the user is told live, on the billing page and by e-mail', async () => {
    const user = await registerUser(b.h.server);
    await payWithMpesa(b.h, user, 'pro');
    await shiftBilling(b.h.server, user.id, 10);
    const [pro] = await activeSubscription(b.h.server, user.id);
    const quoteBefore = (await b.h.server.api('/billing/quote?planId=business&interval=month', { token: user.token })).body.data;
    const { paymentId, captureId } = await payWithPaypal(b.h, user, 'business');
    expect((await billingOf(b.h, user)).currentPlan.id).toBe('business');
    // Dates in the notice are the person's days, in their words: never an ISO day.
    const zone = await b.h.server.api('/account/time-zone', { method: 'PATCH', token: user.token, body: { timeZone: 'Africa/Nairobi' } });
    expect(zone.status).toBe(200);
    const backUntil = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Africa/Nairobi' }).format(new Date(pro.current_period_end));

    const socket = await connectSocket(b.h.server.url, { token: user.token });
    try {
      const told = nextEvent(socket, 'payment:refunded');
      const refund = b.h.paypal.refunds.refund(captureId);
      const event = b.h.paypal.refunds.refundEvent(refund.id);
      expect(event.event_type).toBe('PAYMENT.CAPTURE.REFUNDED');
      expectPaypalShapes(event);
      expect((await send(event)).status).toBe(200);

      const live = await told;
      expect(live).toMatchObject({ paymentId, kind: 'refund', amount: quoteBefore.usd.amountDue, currency: 'USD', status: 'refunded' });
      expect(live.message).toMatch(/refunded, so your Business plan has ended\. Your Pro plan is back until/);
      expect(live.message).toContain(`back until ${backUntil('en-US')}.`);
      expect(live.message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    } finally {
      socket.disconnect();
    }
    const state = await billingOf(b.h, user);
    expect(state.currentPlan.id).toBe('pro');
    expect(state.subscription).toMatchObject({
      id: pro.id,
      planId: 'pro',
      currentPeriodEnd: new Date(pro.current_period_end).toISOString(),
    });
    expect(state.refunds[0]).toMatchObject({ paymentId, kind: 'refund', planId: 'business', amount: quoteBefore.usd.amountDue });
    expect(state.refunds[0].message).toContain(`back until ${backUntil('en-US')}.`);
    const mail = await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject === 'Your Genius Lines payment was refunded');
    expect(mail.text).toContain(`Your Pro plan is back until ${backUntil('en-US')}.`);
    expect((await b.h.server.api('/account/language', { method: 'PATCH', token: user.token, body: { language: 'sw' } })).status).toBe(200);
    const sw = await b.h.server.api('/billing', { token: user.token });
    expect(sw.body.data.refunds[0].message).toContain(`Mpango wako wa Pro umerudi hadi ${backUntil('sw-KE')}.`);
    expect((await history(user)).find((p) => p.id === paymentId)).toMatchObject({
      status: 'refunded',
      refundedMinor: quoteBefore.usd.amountDue,
    });
    // The refunded payment counts toward nothing; the Pro credit is there again, as before the upgrade.
    const quoteAfter = (await b.h.server.api('/billing/quote?planId=business&interval=month', { token: user.token })).body.data;
    expect(quoteAfter).toMatchObject({ change: 'upgrade', kes: { credit: quoteBefore.kes.credit } });
  });

  it('a refunded upgrade from an auto-renewing PayPal plan gives that plan back without auto-renew: its PayPal subscription stays cancelled', async () => {
    const user = await registerUser(b.h.server);
    const { subscriptionID } = await subscribeWithPaypal(b.h, user, 'pro');
    const { captureId } = await payWithPaypal(b.h, user, 'business');
    await eventually(async () => b.h.paypal.billing.subscriptions.get(subscriptionID).status === 'CANCELLED');
    const refund = b.h.paypal.refunds.refund(captureId);
    expect((await send(b.h.paypal.refunds.refundEvent(refund.id))).status).toBe(200);
    const state = await eventually(async () => {
      const s = await billingOf(b.h, user);
      return s.currentPlan.id === 'pro' ? s : undefined;
    });
    expect(state.subscription).toMatchObject({ planId: 'pro', provider: 'paypal', autoRenew: false });
    const resume = await b.h.server.api(`/subscriptions/${state.subscription.id}/resume`, { token: user.token, body: {} });
    expect(resume.status).toBe(409);
    expect(resume.body.error).toMatch(/was cancelled at PayPal, so it cannot renew automatically again/);
  });

  it('a refunded Pro payment whose unused days were credited to an upgrade takes the time that credit bought off Business', async () => {
    const user = await registerUser(b.h.server);
    const pro = await payWithPaypal(b.h, user, 'pro');
    await shiftBilling(b.h.server, user.id, 10);
    const upgrade = await payWithMpesa(b.h, user, 'business');
    expect(upgrade.payment.credit_minor).toBeGreaterThan(0);
    const [business] = await activeSubscription(b.h.server, user.id);

    const refund = b.h.paypal.refunds.refund(pro.captureId);
    expect((await send(b.h.paypal.refunds.refundEvent(refund.id))).status).toBe(200);
    await eventually(async () => (await paymentRow(b.h.server, pro.paymentId)).status === 'refunded');
    const [after] = await activeSubscription(b.h.server, user.id);
    expect(after.id).toBe(business.id);
    const start = new Date(business.current_period_start).getTime();
    const month = new Date(business.current_period_end).getTime() - start;
    // What is left is what the M-Pesa payment paid for, without the credit.
    const paidShare = upgrade.payment.amount_minor / (upgrade.payment.amount_minor + upgrade.payment.credit_minor);
    expect(Math.abs(new Date(after.current_period_end).getTime() - (start + month * paidShare))).toBeLessThan(1000);
    expect((await billingOf(b.h, user)).refunds[0].message).toMatch(
      /Its unused days had been credited to your Business plan, which now ends on/,
    );
  });

  it('a reversal (a dispute decided for the buyer) of a first payment ends the plan: back to free', async () => {
    const user = await registerUser(b.h.server);
    const { paymentId, captureId } = await payWithPaypal(b.h, user, 'pro');
    const reversal = b.h.paypal.refunds.reverse(captureId);
    const event = b.h.paypal.refunds.refundEvent(reversal.id);
    expect(event.event_type).toBe('PAYMENT.CAPTURE.REVERSED');
    expectPaypalShapes(event);
    expect((await send(event)).status).toBe(200);
    await eventually(async () => (await billingOf(b.h, user)).currentPlan.id === 'free');
    expect((await paymentRow(b.h.server, paymentId)).status).toBe('refunded');
    expect((await billingOf(b.h, user)).refunds[0]).toMatchObject({ kind: 'reversal', message: expect.stringMatching(/free plan now/) });
    const mail = await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject === 'Your Genius Lines payment was reversed');
    expect(mail.text).toMatch(/PayPal reversed \$9\.99 of your Pro payment \(a dispute or chargeback\)/);
  });

  it('a Kiswahili account is told of a reversal in Kiswahili: live and on the billing page, whatever the browser asks', async () => {
    const user = await registerUser(b.h.server);
    expect((await b.h.server.api('/account/language', { method: 'PATCH', token: user.token, body: { language: 'sw' } })).status).toBe(200);
    const { paymentId, captureId } = await payWithPaypal(b.h, user, 'pro');
    const socket = await connectSocket(b.h.server.url, { token: user.token });
    try {
      const told = nextEvent(socket, 'payment:refunded');
      expect((await send(b.h.paypal.refunds.refundEvent(b.h.paypal.refunds.reverse(captureId).id))).status).toBe(200);
      const said =
        /^PayPal ilirudisha .*9\.99 za malipo yako ya mpango wa Pro \(kwa sababu ya mzozo au chargeback\), kwa hiyo mpango wako wa Pro umeisha\. Sasa uko kwenye mpango wa Bure\.$/;
      expect(await told).toMatchObject({ paymentId, kind: 'reversal', message: expect.stringMatching(said) });
      const billing = await eventually(async () => {
        const res = await b.h.server.api('/billing', { token: user.token, headers: { 'accept-language': 'en' } });
        return res.body.data.refunds[0] ? res.body.data : undefined;
      });
      expect(billing.refunds[0]).toMatchObject({ kind: 'reversal', message: expect.stringMatching(said) });
    } finally {
      socket.disconnect();
    }
  });

  it('partial refunds of a renewal shorten the period by the refunded share; the rest of it, by the rest', async () => {
    const user = await registerUser(b.h.server);
    await payWithPaypal(b.h, user, 'pro');
    const second = await payWithPaypal(b.h, user, 'pro');
    const [before] = await activeSubscription(b.h.server, user.id);
    const bought = new Date(second.payment.period_end).getTime() - new Date(second.payment.period_start).getTime();

    const half = b.h.paypal.refunds.refund(second.captureId, { value: '5.00' });
    expect((await send(b.h.paypal.refunds.refundEvent(half.id))).status).toBe(200);
    const shortened = await eventually(async () => {
      const [s] = await activeSubscription(b.h.server, user.id);
      return s.current_period_end !== before.current_period_end ? s : undefined;
    });
    const taken = new Date(before.current_period_end).getTime() - new Date(shortened.current_period_end).getTime();
    expect(Math.abs(taken - (bought * 500) / 999)).toBeLessThan(1000);
    expect(await paymentRow(b.h.server, second.paymentId)).toMatchObject({ status: 'completed', refunded_minor: 500 });
    expect((await history(user)).find((p) => p.id === second.paymentId).message).toMatch(/\$5\.00 of it was refunded/);

    const rest = b.h.paypal.refunds.refund(second.captureId);
    expect(rest.amount.value).toBe('4.99');
    expect((await send(b.h.paypal.refunds.refundEvent(rest.id))).status).toBe(200);
    await eventually(async () => (await paymentRow(b.h.server, second.paymentId)).status === 'refunded');
    const [after] = await activeSubscription(b.h.server, user.id);
    expect(Math.abs(new Date(before.current_period_end).getTime() - new Date(after.current_period_end).getTime() - bought)).toBeLessThan(
      1000,
    );
    expect((await billingOf(b.h, user)).currentPlan.id).toBe('pro');
  });

  it('a refunded subscription sale (PAYMENT.SALE.REFUNDED) takes its month off', async () => {
    const user = await registerUser(b.h.server);
    const { subscriptionID } = await subscribeWithPaypal(b.h, user, 'pro');
    expect((await send(b.h.paypal.billing.saleEvent(subscriptionID))).status).toBe(200);
    const saleId = `RENEW${Date.now()}`;
    expect((await send(b.h.paypal.billing.saleEvent(subscriptionID, { saleId }))).status).toBe(200);
    const renewal = await eventually(async () => {
      const [p] = await rows(b.h.server, sql`select * from payments where provider_ref = ${saleId} and status = 'completed'`);
      return p;
    });
    const [before] = await activeSubscription(b.h.server, user.id);

    const refund = b.h.paypal.refunds.refund(saleId);
    const event = b.h.paypal.refunds.refundEvent(refund.id);
    expect(event).toMatchObject({ event_type: 'PAYMENT.SALE.REFUNDED', resource: { sale_id: saleId, state: 'completed' } });
    expectPaypalShapes(event);
    expect((await send(event)).status).toBe(200);
    await eventually(async () => (await paymentRow(b.h.server, renewal.id)).status === 'refunded');
    const [after] = await activeSubscription(b.h.server, user.id);
    const month = new Date(renewal.period_end).getTime() - new Date(renewal.period_start).getTime();
    expect(Math.abs(new Date(before.current_period_end).getTime() - new Date(after.current_period_end).getTime() - month)).toBeLessThan(
      1000,
    );
  });

  it('a replayed refund, a second event for the same refund, a pending refund and an unknown capture change nothing more', async () => {
    const user = await registerUser(b.h.server);
    await payWithPaypal(b.h, user, 'pro');
    const { paymentId, captureId } = await payWithPaypal(b.h, user, 'pro');
    const refund = b.h.paypal.refunds.refund(captureId, { value: '2.00' });
    const event = b.h.paypal.refunds.refundEvent(refund.id);
    expect((await send(event)).status).toBe(200);
    await eventually(async () => (await paymentRow(b.h.server, paymentId)).refunded_minor === 200);
    const [once] = await activeSubscription(b.h.server, user.id);

    expect((await send(event)).status).toBe(200);
    expect((await send({ ...event, id: `WH-COPY-${Date.now()}` })).status).toBe(200);
    const pending = b.h.paypal.refunds.refundEvent(b.h.paypal.refunds.refund(captureId, { value: '1.00' }).id);
    pending.resource.status = 'PENDING';
    expect((await send(pending)).status).toBe(200);
    const unknown = b.h.paypal.refunds.refundEvent(refund.id);
    unknown.resource.links = [{ href: `${b.h.paypal.url}/v2/payments/captures/NOTOURS0000000000`, rel: 'up', method: 'GET' }];
    delete unknown.resource.custom_id;
    expect((await send(unknown)).status).toBe(200);

    expect((await paymentRow(b.h.server, paymentId)).refunded_minor).toBe(200);
    const [still] = await activeSubscription(b.h.server, user.id);
    expect(still.current_period_end).toEqual(once.current_period_end);
    const [n] = await rows<{ n: number }>(b.h.server, sql`select count(*)::int as n from payment_refunds where payment_id = ${paymentId}`);
    expect(n!.n).toBe(1);
  });
});

describe('a webhook whose handling failed is handled when PayPal delivers it again', () => {
  it('BILLING.SUBSCRIPTION.ACTIVATED while PayPal cannot be read: an error now, and the retry of the same event activates the plan', async () => {
    const user = await registerUser(b.h.server);
    const created = await b.h.server.api('/payments/paypal/create-subscription', {
      token: user.token,
      body: { planId: 'pro', interval: 'month' },
    });
    const { subscriptionID } = created.body.data;
    b.h.paypal.billing.approve(subscriptionID);
    const event = b.h.paypal.billing.subscriptionEvent(subscriptionID, 'BILLING.SUBSCRIPTION.ACTIVATED');

    b.h.paypal.failNext('subscription-get', {
      status: 500,
      body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' },
    });
    const first = await send(event);
    expect(first.status).toBeGreaterThanOrEqual(500);
    expect((await billingOf(b.h, user)).currentPlan.id).toBe('free');
    const [stored] = await rows(b.h.server, sql`select applied_at, last_error from payment_events where provider_event_id = ${event.id}`);
    expect(stored).toMatchObject({ applied_at: null, last_error: expect.stringMatching(/PayPal could not be reached/) });

    // PayPal delivers the same event again (a new transmission, the same event id).
    expect((await send(event)).status).toBe(200);
    expect((await billingOf(b.h, user)).currentPlan.id).toBe('pro');
    // Handled now: a further copy is a duplicate, acknowledged and ignored.
    expect((await send(event)).status).toBe(200);
    const [done] = await rows(b.h.server, sql`select applied_at from payment_events where provider_event_id = ${event.id}`);
    expect(done.applied_at).not.toBeNull();
    expect((await rows(b.h.server, sql`select id from payments where user_id = ${user.id} and status = 'completed'`)).length).toBe(1);
  });
});
