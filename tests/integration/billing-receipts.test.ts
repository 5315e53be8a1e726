import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activeSubscription, DAY_MS, payWithMpesa, shiftBilling, useBillingHarness } from '../helpers/billing';
import { eventually } from '../helpers/eventually';
import { billingCounts, rows } from '../helpers/payments';
import { registerUser } from '../helpers/users';

const b = useBillingHarness();

describe('receipts', () => {
  it('a completed M-Pesa payment gets a receipt number, a receipt e-mail, and a receipt only its owner can read', async () => {
    const user = await registerUser(b.h.server);
    const { paymentId, payment } = await payWithMpesa(b.h, user, 'pro');
    const year = new Date().getUTCFullYear();
    expect(payment.receipt_number).toMatch(new RegExp(`^GL-${year}-\\d{6}$`));

    const json = await b.h.server.api(`/payments/${paymentId}/receipt`, { token: user.token });
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({
      number: payment.receipt_number,
      amount: payment.amount_minor,
      currency: 'KES',
      method: 'mpesa',
      planId: 'pro',
      interval: 'month',
      customerEmail: user.email,
      customerName: user.name,
    });
    expect(new Date(json.body.data.periodEnd).getTime()).toBeGreaterThan(new Date(json.body.data.periodStart).getTime() + 27 * DAY_MS);

    const html = await fetch(`${b.h.server.url}/api/payments/${paymentId}/receipt?format=html`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    const page = await html.text();
    expect(page).toContain(payment.receipt_number);
    expect(page).toContain('Amount paid');

    const other = await registerUser(b.h.server);
    expect((await b.h.server.api(`/payments/${paymentId}/receipt`, { token: other.token })).status).toBe(404);
    expect((await b.h.server.api(`/payments/${paymentId}/receipt`)).status).toBe(401);
    expect((await b.h.server.api(`/payments/not-a-uuid/receipt`, { token: user.token })).status).toBe(400);
    expect((await b.h.server.api(`/payments/${paymentId}/receipt?format=pdf`, { token: user.token })).status).toBe(400);

    const mail = await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject.includes(payment.receipt_number));
    expect(mail.text).toContain(`KSh ${payment.amount_minor.toLocaleString('en-US')}`);
    // M-Pesa's confirmation code beside our receipt number, and the payment's own account number.
    expect(payment.mpesa_receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(mail.text).toContain(`M-Pesa confirmation code: ${payment.mpesa_receipt}`);
    expect(json.body.data).toMatchObject({ mpesaReceipt: payment.mpesa_receipt, accountNumber: payment.account_number });
    expect(page).toContain(payment.mpesa_receipt);
  });

  it('a pending or failed payment has no receipt (404)', async () => {
    const user = await registerUser(b.h.server);
    const res = await b.h.server.api('/payments/mpesa/stk-push', {
      token: user.token,
      body: { planId: 'pro', interval: 'month', phoneNumber: '0712345678' },
    });
    expect((await b.h.server.api(`/payments/${res.body.data.paymentId}/receipt`, { token: user.token })).status).toBe(404);
  });

  it('20 concurrent payments get 20 consecutive receipt numbers', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => registerUser(b.h.server)));
    const pushes = await Promise.all(
      users.map((u) =>
        b.h.server.api('/payments/mpesa/stk-push', {
          token: u.token,
          body: { planId: 'pro', interval: 'month', phoneNumber: '0712345678' },
        }),
      ),
    );
    await Promise.all(pushes.map((p) => b.h.daraja.fireCallback(p.body.data.checkoutRequestID, 0)));
    const ids = pushes.map((p) => p.body.data.paymentId as string);
    const numbers = await eventually(async () => {
      const found = await rows<{ receipt_number: string | null }>(
        b.h.server,
        sql`select receipt_number from payments where id = any(${`{${ids.join(',')}}`}::uuid[])`,
      );
      if (found.length !== 20 || !found.every((r) => r.receipt_number)) return undefined;
      return found.map((r) => Number(r.receipt_number!.slice(-6))).sort((x, y) => x - y);
    });
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19]! - numbers[0]!).toBe(19);
  });
});

describe('M-Pesa callback ResultCode', () => {
  async function pushAndCallback(resultCode: unknown, amountDelta: number) {
    const user = await registerUser(b.h.server);
    const res = await b.h.server.api('/payments/mpesa/stk-push', {
      token: user.token,
      body: { planId: 'pro', interval: 'month', phoneNumber: '0712345678' },
    });
    const { paymentId, checkoutRequestID, amount } = res.body.data;
    const body = b.h.daraja.callbackBody(checkoutRequestID, 0, { amount: amount + amountDelta });
    body.Body.stkCallback.ResultCode = resultCode;
    const push = b.h.daraja.pushes.find((p) => p.checkoutRequestID === checkoutRequestID)!;
    const answer = await fetch(push.body.CallBackURL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
    return { user, paymentId };
  }

  it('" 0" is the success code once normalised, and still gets the amount check', async () => {
    const ok = await pushAndCallback(' 0', 0);
    await eventually(
      async () => (await rows(b.h.server, sql`select status from payments where id = ${ok.paymentId}`))[0]?.status === 'completed',
    );

    const short = await pushAndCallback(' 0', -1);
    // The callback was read and matched to the payment, then refused for its amount: still pending.
    await eventually(
      async () => (await rows(b.h.server, sql`select 1 from payment_events where payment_id = ${short.paymentId}`)).length === 1,
    );
    const [row] = await rows(b.h.server, sql`select status from payments where id = ${short.paymentId}`);
    expect(row.status).toBe('pending');
    expect(await billingCounts(b.h.server, short.user.id)).toMatchObject({ activeSubscriptions: 0 });
  });
});

describe('M-Pesa renewals, upgrade credit and downgrades', () => {
  it('paying the same plan before the end extends from the current end', async () => {
    const user = await registerUser(b.h.server);
    await payWithMpesa(b.h, user, 'pro');
    await shiftBilling(b.h.server, user.id, 20);
    const [before] = await activeSubscription(b.h.server, user.id);
    const { payment } = await payWithMpesa(b.h, user, 'pro');
    const [after] = await activeSubscription(b.h.server, user.id);
    expect(new Date(payment.period_start).getTime()).toBe(new Date(before.current_period_end).getTime());
    const expectedEnd = new Date(before.current_period_end);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(Math.abs(new Date(after.current_period_end).getTime() - expectedEnd.getTime())).toBeLessThanOrEqual(3 * DAY_MS);
    expect(new Date(after.current_period_end).getTime()).toBeGreaterThan(new Date(before.current_period_end).getTime() + 27 * DAY_MS);
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ completedPayments: 2, activeSubscriptions: 1 });
    const billing = await b.h.server.api('/billing', { token: user.token });
    expect(billing.body.data).toMatchObject({
      currentPlan: { id: 'pro' },
      subscription: { planId: 'pro', provider: 'mpesa', autoRenew: false },
    });
    expect(billing.body.data.receiptsCount).toBe(2);
  });

  it('an upgrade mid-period is credited with the unused days, and the STK push charges the quoted amount', async () => {
    const user = await registerUser(b.h.server);
    const { amount: paid, payment } = await payWithMpesa(b.h, user, 'pro');
    await shiftBilling(b.h.server, user.id, 10);
    const total = Math.round((new Date(payment.period_end).getTime() - new Date(payment.period_start).getTime()) / DAY_MS);
    const unused = total - 10;

    const quote = await b.h.server.api('/billing/quote?planId=business&interval=month', { token: user.token });
    expect(quote.status).toBe(200);
    const q = quote.body.data;
    expect(q.change).toBe('upgrade');
    expect(q.kes.credit).toBe(Math.ceil((paid * unused) / total));
    expect(q.kes.amountDue).toBe(q.kes.price - q.kes.credit);
    expect(q.usd.price).toBe(2999);
    expect(q.usd.credit).toBe(Math.ceil((((paid * unused) / total) * 100) / 129));

    const { amount, payment: upgrade } = await payWithMpesa(b.h, user, 'business');
    expect(amount).toBe(q.kes.amountDue);
    expect(b.h.daraja.pushes.at(-1)!.body.Amount).toBe(q.kes.amountDue);
    expect(upgrade.credit_minor).toBe(q.kes.credit);
    const [active] = await activeSubscription(b.h.server, user.id);
    expect(active.plan_id).toBe('business');
    expect(Math.abs(new Date(active.current_period_start).getTime() - Date.now())).toBeLessThan(60_000);
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ activeSubscriptions: 1 });
  });

  it('a lower plan takes effect at the end of the period', async () => {
    const user = await registerUser(b.h.server);
    await payWithMpesa(b.h, user, 'business');
    const [business] = await activeSubscription(b.h.server, user.id);
    const quote = await b.h.server.api('/billing/quote?planId=pro&interval=month', { token: user.token });
    expect(quote.body.data).toMatchObject({ change: 'downgrade', startsAt: new Date(business.current_period_end).toISOString() });
    expect(quote.body.data.kes.credit).toBe(0);
    await payWithMpesa(b.h, user, 'pro');
    const billing = await b.h.server.api('/billing', { token: user.token });
    expect(billing.body.data).toMatchObject({ currentPlan: { id: 'business' }, scheduled: { planId: 'pro', status: 'scheduled' } });
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ activeSubscriptions: 1 });
  });

  it('a quote for free or for the plan one has is a clear 4xx', async () => {
    const user = await registerUser(b.h.server);
    const free = await b.h.server.api('/billing/quote?planId=free&interval=month', { token: user.token });
    expect(free.status).toBe(400);
    expect(free.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    await payWithMpesa(b.h, user, 'pro');
    const same = await b.h.server.api('/billing/quote?planId=pro&interval=year', { token: user.token });
    expect(same.status).toBe(409);
    expect(same.body.error).toMatch(/already have the Pro plan/);
    expect((await b.h.server.api('/billing/quote?planId=gold', { token: user.token })).status).toBe(400);
    expect((await b.h.server.api('/billing/quote?planId=business')).status).toBe(401);
  });
});
