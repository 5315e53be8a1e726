import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paybillExpiryJob } from '@gl/core/server';
import { reconcileOnce } from '@gl/worker/reconciler';
import { useBillingHarness } from '../helpers/billing';
import { eventually } from '../helpers/eventually';
import { billingCounts, MPESA_SECRET, paymentRow, rows, SHORTCODE } from '../helpers/payments';
import { connectSocket, nextEvent, recordEvents, type TestSocket } from '../helpers/socket';
import { registerUser, type TestUser } from '../helpers/users';

// Lipa na M-Pesa Paybill, settled by Daraja's C2B (DESIGN.md §20), through the Daraja simulator.
const b = useBillingHarness();
const sockets: TestSocket[] = [];

async function userWithSocket() {
  const user = await registerUser(b.h.server);
  const socket = await connectSocket(b.h.server.url, { token: user.token });
  sockets.push(socket);
  return { user, socket };
}

async function paybill(user: TestUser, body: Record<string, unknown> = { planId: 'pro', interval: 'month' }) {
  return b.h.server.api('/payments/mpesa/paybill', { token: user.token, body });
}

const c2bUrl = (kind: 'validation' | 'confirmation', secret = MPESA_SECRET) => `${b.h.server.url}/api/payments/mpesa/c2b/${kind}/${secret}`;

async function post(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

function c2bBody(accountNumber: string, amount: string, transId = `R${Math.random().toString(36).slice(2, 11).toUpperCase()}`) {
  return {
    TransactionType: 'Pay Bill',
    TransID: transId,
    TransTime: '20261128214512',
    TransAmount: amount,
    BusinessShortCode: SHORTCODE,
    BillRefNumber: accountNumber,
    MSISDN: '2547*****149',
    FirstName: 'Wanjiku',
  };
}

const eventsOf = (paymentId: string) =>
  rows<{ kind: string; applied_at: Date | null; last_error: string | null }>(
    b.h.server,
    sql`select kind, applied_at, last_error from payment_events where payment_id = ${paymentId} order by created_at`,
  );

describe('the worker registers the C2B URLs at start', () => {
  it('registers validation and confirmation URLs (C2B v2) carrying the callback secret', async () => {
    const reg = await eventually(async () => b.h.daraja.c2bRegistrations.get(SHORTCODE));
    expect(reg).toEqual({
      ShortCode: SHORTCODE,
      ResponseType: 'Completed',
      ValidationURL: c2bUrl('validation'),
      ConfirmationURL: c2bUrl('confirmation'),
    });
    const sent = b.h.daraja.requests.find((r) => r.path === '/mpesa/c2b/v2/registerurl')!;
    expect(sent.headers.authorization).toMatch(/^Bearer /);
  });
});

describe('POST /payments/mpesa/paybill', () => {
  it('answers the business number, a short account number of its own, the catalogue amount and when it expires', async () => {
    const user = await registerUser(b.h.server);
    const before = Date.now();
    const res = await paybill(user, { planId: 'business', interval: 'year' });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data).toMatchObject({ businessNumber: SHORTCODE, amount: 37140, currency: 'KES' });
    expect(data.accountNumber).toMatch(/^[1-9]\d{7}$/);
    const expires = new Date(data.expiresAt).getTime();
    expect(expires).toBeGreaterThan(before + 29 * 60_000);
    expect(expires).toBeLessThan(Date.now() + 31 * 60_000);
    const row = await paymentRow(b.h.server, data.paymentId);
    expect(row).toMatchObject({
      status: 'pending',
      provider: 'mpesa',
      kind: 'mpesa-paybill',
      account_number: data.accountNumber,
      amount_minor: 37140,
    });

    const again = (await paybill(user)).body.data;
    expect(again.accountNumber).not.toBe(data.accountNumber);
    const history = await b.h.server.api('/payments/history', { token: user.token });
    const listed = history.body.data.payments.find((p: any) => p.id === data.paymentId);
    expect(listed).toMatchObject({
      accountNumber: data.accountNumber,
      mpesaReceipt: null,
      message: 'Waiting for your Lipa na M-Pesa payment.',
    });
  });

  it.each([
    [{ planId: 'free', interval: 'month' }, 'planId'],
    [{ planId: 'gold', interval: 'month' }, 'planId'],
    [{ planId: 'pro', interval: 'week' }, 'interval'],
    [{ planId: 'pro', interval: 'month', amount: 1 }, 'amount'],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const user = await registerUser(b.h.server);
    const res = await paybill(user, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(res.body.details ?? res.body)).toContain(field);
  });

  it('refuses a signed-out caller', async () => {
    expect((await b.h.server.api('/payments/mpesa/paybill', { body: { planId: 'pro', interval: 'month' } })).status).toBe(401);
  });

  it('answers in Kiswahili', async () => {
    const user = await registerUser(b.h.server);
    expect((await b.h.server.api('/account/language', { method: 'PATCH', token: user.token, body: { language: 'sw' } })).status).toBe(200);
    const res = await b.h.server.api('/payments/mpesa/paybill', {
      token: user.token,
      body: { planId: 'pro', interval: 'month' },
      headers: { 'accept-language': 'sw' },
    });
    const history = await b.h.server.api('/payments/history', { token: user.token, headers: { 'accept-language': 'sw' } });
    expect(history.body.data.payments.find((p: any) => p.id === res.body.data.paymentId).message).toBe(
      'Tunasubiri malipo yako ya Lipa na M-Pesa.',
    );
  });
});

describe('paying the Paybill from the M-Pesa menu (C2B)', () => {
  it('validation accepts, confirmation settles it once, live, with the M-Pesa code on history, receipt and e-mail', async () => {
    const { user, socket } = await userWithSocket();
    const { data } = (await paybill(user)).body;
    const completed = nextEvent(socket, 'payment:updated', (p: any) => p.paymentId === data.paymentId && p.status === 'completed');
    const subscription = nextEvent(socket, 'subscription:updated');

    const paid = await b.h.daraja.payBill({ accountNumber: data.accountNumber, amount: data.amount });
    expect(paid.validation).toEqual({ status: 200, body: { ResultCode: '0', ResultDesc: 'Accepted' } });
    expect(paid.confirmation).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });

    expect(await completed).toMatchObject({ provider: 'mpesa', status: 'completed', planId: 'pro' });
    expect((await subscription).currentPlan.id).toBe('pro');
    const row = await paymentRow(b.h.server, data.paymentId);
    expect(row).toMatchObject({ status: 'completed', mpesa_receipt: paid.transId });
    expect(row.receipt_number).toMatch(/^GL-\d{4}-\d{6}$/);

    const history = await b.h.server.api('/payments/history', { token: user.token });
    expect(history.body.data.payments[0]).toMatchObject({
      id: data.paymentId,
      mpesaReceipt: paid.transId,
      accountNumber: data.accountNumber,
    });
    const receipt = await b.h.server.api(`/payments/${data.paymentId}/receipt`, { token: user.token });
    expect(receipt.body.data).toMatchObject({ number: row.receipt_number, mpesaReceipt: paid.transId, accountNumber: data.accountNumber });
    const html = await (
      await fetch(`${b.h.server.url}/api/payments/${data.paymentId}/receipt?format=html`, {
        headers: { authorization: `Bearer ${user.token}` },
      })
    ).text();
    expect(html).toContain('M-Pesa confirmation code');
    expect(html).toContain(paid.transId);
    expect(html).toContain(`KSh ${data.amount.toLocaleString('en-US')}`);
    const mail = await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject.includes(row.receipt_number));
    expect(mail.text).toContain(`M-Pesa confirmation code: ${paid.transId}`);
    expect(mail.text).toContain(`Account number: ${data.accountNumber}`);
    expect(mail.text).toContain('KSh 1,289');

    const events = await eventsOf(data.paymentId);
    expect(events.map((e) => e.kind)).toEqual(['c2b-validation', 'c2b-confirmation']);
    expect(events.every((e) => e.applied_at && !e.last_error)).toBe(true);
  });

  it('validation refuses an unknown account number (C2B00012) and a wrong amount (C2B00013), string codes; nothing is paid', async () => {
    const { user, socket } = await userWithSocket();
    const { data } = (await paybill(user)).body;
    const events = recordEvents(socket, ['payment:updated']);
    const unknown = await b.h.daraja.payBill({ accountNumber: '99999999', amount: data.amount });
    expect(unknown.validation).toEqual({ status: 200, body: { ResultCode: 'C2B00012', ResultDesc: 'Rejected' } });
    expect(unknown.confirmation).toBeUndefined();
    const short = await b.h.daraja.payBill({ accountNumber: data.accountNumber, amount: data.amount - 1 });
    expect(short.validation!.body).toEqual({ ResultCode: 'C2B00013', ResultDesc: 'Rejected' });
    const more = await b.h.daraja.payBill({ accountNumber: data.accountNumber, amount: '1289.50' });
    expect(more.validation!.body.ResultCode).toBe('C2B00013');
    expect(more.confirmation).toBeUndefined();
    expect((await paymentRow(b.h.server, data.paymentId)).status).toBe('pending');
    const stored = await eventsOf(data.paymentId);
    expect(stored.map((e) => e.last_error)).toEqual(['refused C2B00013', 'refused C2B00013']);
    expect(events).toHaveLength(0);
  });

  it('the account number of an STK payment, and one typed with spaces: only Paybill numbers are open, as typed', async () => {
    const user = await registerUser(b.h.server);
    const stk = await b.h.server.api('/payments/mpesa/stk-push', {
      token: user.token,
      body: { planId: 'pro', interval: 'month', phoneNumber: '0712345678' },
    });
    const stkRow = await paymentRow(b.h.server, stk.body.data.paymentId);
    const res = await post(c2bUrl('validation'), c2bBody(stkRow.account_number, '1289.00'));
    expect(res.body.ResultCode).toBe('C2B00012');
    const { data } = (await paybill(user, { planId: 'business', interval: 'month' })).body;
    const spaced = `${data.accountNumber.slice(0, 4)} ${data.accountNumber.slice(4)}`;
    const ok = await post(c2bUrl('validation'), c2bBody(spaced, `${data.amount}.00`));
    expect(ok.body).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
  });

  it('a confirmation for an unknown account, a wrong amount, or a replayed TransID is recorded, answered 0, and settles nothing', async () => {
    const { user, socket } = await userWithSocket();
    const { data } = (await paybill(user)).body;
    const events = recordEvents(socket, ['payment:updated']);
    const accepted = { status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } };

    expect(await post(c2bUrl('confirmation'), c2bBody('12345678', '1289.00', 'RUNKNOWN01'))).toEqual(accepted);
    const [unknown] = await rows<{ last_error: string; payment_id: string | null }>(
      b.h.server,
      sql`select last_error, payment_id from payment_events where payload->>'TransID' = 'RUNKNOWN01'`,
    );
    expect(unknown).toMatchObject({ payment_id: null, last_error: 'unknown account number 12345678' });

    expect(await post(c2bUrl('confirmation'), c2bBody(data.accountNumber, '1.00', 'RWRONGAMT1'))).toEqual(accepted);
    expect((await paymentRow(b.h.server, data.paymentId)).status).toBe('pending');

    const body = c2bBody(data.accountNumber, `${data.amount}.00`, 'RPAIDONCE1');
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(c2bUrl('confirmation'), body)));
    expect(answers).toEqual(Array(5).fill(accepted));
    await eventually(async () => (await paymentRow(b.h.server, data.paymentId)).status === 'completed');
    expect(await post(c2bUrl('confirmation'), body)).toEqual(accepted);
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1, subscriptions: 1 });
    expect((await paymentRow(b.h.server, data.paymentId)).mpesa_receipt).toBe('RPAIDONCE1');
    const stored = await eventsOf(data.paymentId);
    expect(stored.filter((e) => e.kind === 'c2b-confirmation')).toHaveLength(7);
    expect(stored.filter((e) => e.applied_at)).toHaveLength(1);
    expect(stored.some((e) => e.last_error === 'amount 1 is not 1289')).toBe(true);
    expect(stored.some((e) => e.last_error?.startsWith('TransID RPAIDONCE1 already settled'))).toBe(true);
    await eventually(async () => events.length >= 1);
    expect(events.filter((e) => e.payload.status === 'completed')).toHaveLength(1);

    // The same TransID offered for another payment settles nothing either.
    const other = (await paybill(user, { planId: 'business', interval: 'month' })).body.data;
    await post(c2bUrl('confirmation'), c2bBody(other.accountNumber, `${other.amount}.00`, 'RPAIDONCE1'));
    expect((await paymentRow(b.h.server, other.paymentId)).status).toBe('pending');
  });

  it('a caller without the secret path gets 404 on both URLs; nothing is stored or settled', async () => {
    const user = await registerUser(b.h.server);
    const { data } = (await paybill(user)).body;
    const count = async () => (await rows<{ n: number }>(b.h.server, sql`select count(*)::int as n from payment_events`))[0]!.n;
    const before = await count();
    const body = c2bBody(data.accountNumber, `${data.amount}.00`);
    expect((await post(c2bUrl('validation', 'not-the-secret-at-all'), body)).status).toBe(404);
    const res = await post(c2bUrl('confirmation', 'not-the-secret-at-all'), body);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await count()).toBe(before);
    expect((await paymentRow(b.h.server, data.paymentId)).status).toBe('pending');
  });

  it('junk bodies are refused by validation and recorded by confirmation, never a 500', async () => {
    for (const junk of [{ hello: 'world' }, [], { TransID: 'R1; drop table', TransAmount: {}, BillRefNumber: ['a'] }]) {
      const v = await post(c2bUrl('validation'), junk);
      expect(v.status).toBe(200);
      expect(v.body.ResultCode).toBe('C2B00012');
      const c = await post(c2bUrl('confirmation'), junk);
      expect(c).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
    }
  });
});

describe('without the Transaction Status initiator settings', () => {
  it('a lost confirmation leaves the payment pending for its window: no Transaction Status is asked', async () => {
    const user = await registerUser(b.h.server);
    const { data } = (await paybill(user)).body;
    b.h.daraja.loseConfirmations(true);
    try {
      const paid = await b.h.daraja.payBill({ accountNumber: data.accountNumber, amount: data.amount });
      expect(paid.validation!.body.ResultCode).toBe('0');
    } finally {
      b.h.daraja.loseConfirmations(false);
    }
    // A short pause: long enough for a status check (MPESA_STATUS_DELAY_MS is 300 ms here) to have asked.
    await new Promise((r) => setTimeout(r, 1500));
    expect(b.h.daraja.txStatusQueries).toHaveLength(0);
    expect((await paymentRow(b.h.server, data.paymentId)).status).toBe('pending');
  });
});

describe('a Paybill payment nobody pays', () => {
  it('expires at the end of its window, live; validation then refuses it; a late confirmation is still honoured', async () => {
    const { user, socket } = await userWithSocket();
    const { data } = (await paybill(user)).body;
    const expired = nextEvent(socket, 'payment:updated', (p: any) => p.paymentId === data.paymentId);
    // The window is over (the stored time moved back), and the expiry job runs now.
    await rows(b.h.server, sql`update payments set created_at = now() - interval '31 minutes' where id = ${data.paymentId}`);
    const queue = b.h.server.services.ctx.jobs.queues['payment-status'];
    const job = await queue.getJob(paybillExpiryJob.jobId({ paymentId: data.paymentId }));
    await job!.promote();
    expect(await expired).toMatchObject({
      status: 'cancelled',
      resultCode: 'EXPIRED',
      message: 'No payment came in time for this account number. Start again to get a new one.',
    });
    const refused = await post(c2bUrl('validation'), c2bBody(data.accountNumber, `${data.amount}.00`));
    expect(refused.body.ResultCode).toBe('C2B00012');

    // Validation is optional at Safaricom: when the money moved anyway, it counts.
    const completed = nextEvent(socket, 'payment:updated', (p: any) => p.paymentId === data.paymentId && p.status === 'completed');
    await post(c2bUrl('confirmation'), c2bBody(data.accountNumber, `${data.amount}.00`, 'RLATEPAID1'));
    expect(await completed).toMatchObject({ status: 'completed' });
  });

  it('the reconciler expires one whose job Redis lost', async () => {
    const user = await registerUser(b.h.server);
    const { data } = (await paybill(user)).body;
    const queue = b.h.server.services.ctx.jobs.queues['payment-status'];
    await (await queue.getJob(paybillExpiryJob.jobId({ paymentId: data.paymentId })))!.remove();
    await rows(b.h.server, sql`update payments set created_at = now() - interval '31 minutes' where id = ${data.paymentId}`);
    expect((await reconcileOnce(b.h.server.services.ctx)).payments).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await paymentRow(b.h.server, data.paymentId)).status === 'cancelled');
  });
});
