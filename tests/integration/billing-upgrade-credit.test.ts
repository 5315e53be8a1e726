import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addInterval } from '@gl/core/server';
import { activeSubscription, payWithMpesa, shiftBilling, useBillingHarness } from '../helpers/billing';
import { eventually } from '../helpers/eventually';
import { billingCounts, paymentRow, rows } from '../helpers/payments';
import { clearRedisPrefix } from '../helpers/redis';
import type { ApiResponse } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';

/**
 * Finding 1 of issue 21: upgrade credit spent twice. The credit is reserved by the order that uses
 * it; a second order while that one is open is refused (409); and however the payments complete,
 * no set of them buys more plan time than it paid for.
 */
const b = useBillingHarness();
const KES_PER_USD = 129;

const push = (user: TestUser, planId: 'pro' | 'business' = 'business') =>
  b.h.server.api('/payments/mpesa/stk-push', { token: user.token, body: { planId, interval: 'month', phoneNumber: '0712345678' } });
const order = (user: TestUser, planId: 'pro' | 'business' = 'business') =>
  b.h.server.api('/payments/paypal/create-order', { token: user.token, body: { planId, interval: 'month' } });
const cancel = (user: TestUser, paymentId: string) => b.h.server.api(`/payments/${paymentId}/cancel`, { token: user.token, body: {} });
const quote = async (user: TestUser) =>
  (await b.h.server.api('/billing/quote?planId=business&interval=month', { token: user.token })).body.data;
/** The per-user limit on payment starts (20 per 10 minutes) is not what these tests are about. */
const resetStartLimit = () => clearRedisPrefix(`${b.h.server.prefix}-rl-pay-start`);

/** A Pro user (paid with M-Pesa) 10 days into the month: upgrading to Business is credited with about 20 days. */
async function proUserWithCredit() {
  const user = await registerUser(b.h.server);
  await payWithMpesa(b.h, user, 'pro');
  await shiftBilling(b.h.server, user.id, 10);
  const q = await quote(user);
  expect(q.change).toBe('upgrade');
  expect(q.kes.credit).toBeGreaterThan(0);
  return { user, quote: q as { kes: { price: number; credit: number; amountDue: number }; usd: { price: number; credit: number } } };
}

/** Completes an order the way its provider does: the buyer approves and we capture (PayPal), or Daraja calls back (M-Pesa). */
async function complete(user: TestUser, res: ApiResponse) {
  const data = res.body.data;
  if (data.orderID) {
    b.h.paypal.approve(data.orderID);
    const captured = await b.h.server.api('/payments/paypal/capture-order', { token: user.token, body: { orderID: data.orderID } });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
  } else {
    await b.h.daraja.fireCallback(data.checkoutRequestID, 0);
  }
  await eventually(async () => (await paymentRow(b.h.server, data.paymentId))?.status === 'completed');
  return data.paymentId as string;
}

/**
 * The invariant: the Business time the user holds from now on, valued at the Business price, is no
 * more than what their Business payments paid plus the Pro credit (which exists once). Amounts in
 * shillings (PayPal's cents at the configured rate); a day's worth of slack for rounding.
 */
async function expectNoMoreTimeThanPaid(user: TestUser, creditKes: number) {
  const [active] = await activeSubscription(b.h.server, user.id);
  expect(active.plan_id).toBe('business');
  const paid = await rows<{ amount_minor: number; currency: string }>(
    b.h.server,
    sql`select amount_minor, currency from payments where user_id = ${user.id} and plan_id = 'business' and status = 'completed'`,
  );
  const paidKes = paid.reduce((sum, p) => sum + (p.currency === 'KES' ? p.amount_minor : (p.amount_minor * KES_PER_USD) / 100), 0);
  const priceKes = Math.ceil((2999 * KES_PER_USD) / 100);
  const start = new Date(active.current_period_start);
  const monthEnd = addInterval(start, 'month');
  const held =
    (new Date(active.current_period_end).getTime() - Math.max(Date.now(), start.getTime())) / (monthEnd.getTime() - start.getTime());
  const heldKes = held * priceKes;
  expect(
    heldKes,
    `holds ${held.toFixed(3)} months of Business (KES ${heldKes.toFixed(0)}) for KES ${paidKes} + credit ${creditKes}`,
  ).toBeLessThanOrEqual(paidKes + creditKes + priceKes / 30);
  return { heldMonths: held, paidKes };
}

describe('upgrade credit is reserved by the order that uses it', () => {
  it('a second Business push while the first is open is refused with 409 and a clear message; a PayPal order too', async () => {
    const { user, quote: q } = await proUserWithCredit();
    const first = await push(user);
    expect(first.status).toBe(200);
    expect(first.body.data.amount).toBe(q.kes.amountDue);

    const second = await push(user);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      pendingPaymentId: first.body.data.paymentId,
      pendingProvider: 'mpesa',
    });
    expect(second.body.error).toMatch(/already in progress.*cancel it/i);
    const viaPaypal = await order(user);
    expect(viaPaypal.status).toBe(409);
    expect(viaPaypal.body.pendingPaymentId).toBe(first.body.data.paymentId);
    // No second STK push reached the phone.
    expect(b.h.daraja.pushes.filter((p) => p.checkoutRequestID === first.body.data.checkoutRequestID)).toHaveLength(1);

    // Paying for the plan one has uses no credit: never blocked.
    const renewal = await push(user, 'pro');
    expect(renewal.status).toBe(200);

    await complete(user, first);
    expect((await b.h.server.api('/billing', { token: user.token })).body.data.currentPlan.id).toBe('business');
    // The credit is spent: a new Business payment extends Business at the full price.
    const extend = await push(user);
    expect(extend.status).toBe(200);
    expect(extend.body.data.amount).toBe(q.kes.price);
  });

  it('a cancelled, failed or expired order releases the credit', async () => {
    const { user } = await proUserWithCredit();
    const first = await push(user);
    expect((await cancel(user, first.body.data.paymentId)).body.data).toEqual({ cancelled: true });
    const afterCancel = await push(user);
    expect(afterCancel.status).toBe(200);

    // The phone says no: the payment fails, and the credit is free again.
    await b.h.daraja.fireCallback(afterCancel.body.data.checkoutRequestID, 1);
    await eventually(async () => (await paymentRow(b.h.server, afterCancel.body.data.paymentId))?.status === 'failed');
    const afterFailure = await order(user);
    expect(afterFailure.status).toBe(201);

    // A PayPal order the buyer walked away from holds the credit for 30 minutes (time moved in PostgreSQL).
    expect((await push(user)).status).toBe(409);
    await rows(
      b.h.server,
      sql`update payments set created_at = created_at - interval '31 minutes' where id = ${afterFailure.body.data.paymentId}`,
    );
    expect((await push(user)).status).toBe(200);
  });

  it('a cancelled order paid anyway after another upgrade completed buys only what it paid for, and says so', async () => {
    const { user, quote: q } = await proUserWithCredit();
    const first = await push(user);
    await cancel(user, first.body.data.paymentId);
    const second = await order(user);
    expect(second.status).toBe(201);
    await complete(user, second);
    const [upgraded] = await activeSubscription(b.h.server, user.id);

    // The customer enters the PIN on the first prompt after all: the money moved, so it counts, but
    // its credit was already used by the second order. It extends Business by its share of a month.
    await complete(user, first);
    const late = await paymentRow(b.h.server, first.body.data.paymentId);
    expect(late.credit_minor).toBe(0);
    expect(late.provider_payload.creditVoided).toMatchObject({ credit: q.kes.credit });
    const lateStart = new Date(late.period_start);
    const bought = new Date(late.period_end).getTime() - lateStart.getTime();
    const month = addInterval(lateStart, 'month').getTime() - lateStart.getTime();
    expect(Math.abs(bought - (month * q.kes.amountDue) / q.kes.price)).toBeLessThan(1000);
    expect(new Date(late.period_start).getTime()).toBe(new Date(upgraded.current_period_end).getTime());
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ activeSubscriptions: 1 });
    await expectNoMoreTimeThanPaid(user, q.kes.credit);

    const mail = await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject.includes(late.receipt_number));
    expect(mail.text).toMatch(/upgrade credit of KSh [\d,]+ that an earlier payment had already used/);
  });

  it('20 upgrade orders at once (PayPal and M-Pesa): one is accepted; paying every accepted order never buys more time than paid for', async () => {
    const { user, quote: q } = await proUserWithCredit();
    const fire = async () => {
      await resetStartLimit();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? push(user) : order(user))));
      const accepted = answers.filter((a) => a.status === 200 || a.status === 201);
      const refused = answers.filter((a) => a.status === 409);
      expect(accepted, JSON.stringify(answers.map((a) => a.status))).toHaveLength(1);
      expect(refused).toHaveLength(19);
      for (const r of refused) expect(r.body.pendingPaymentId).toBe(accepted[0]!.body.data.paymentId);
      return accepted[0]!;
    };

    const a = await fire();
    // The buyer gives up on it in the app (the provider may still complete it), and tries again: 20 more at once.
    await cancel(user, a.body.data.paymentId);
    const bAccepted = await fire();
    const pending = await rows<{ n: number }>(
      b.h.server,
      sql`select count(*)::int as n from payments where user_id = ${user.id} and plan_id = 'business'`,
    );
    expect(pending[0]!.n).toBe(2);

    // Both are paid, at the same moment.
    await Promise.all([complete(user, a), complete(user, bAccepted)]);
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ activeSubscriptions: 1 });
    const { heldMonths } = await expectNoMoreTimeThanPaid(user, q.kes.credit);
    // One full month (credit and payment) and the share of a month the other payment's amount buys.
    expect(heldMonths).toBeGreaterThan(1 + (q.kes.amountDue / q.kes.price) * 0.9);
    const voided = await rows(
      b.h.server,
      sql`select id from payments where user_id = ${user.id} and plan_id = 'business' and provider_payload ? 'creditVoided'`,
    );
    expect(voided).toHaveLength(1);
  });
});
