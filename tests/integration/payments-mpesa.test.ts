import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MpesaClient, createLogger } from '@gl/core/server';
import { eventually } from '../helpers/eventually';
import {
  billingCounts,
  MPESA_PASSKEY,
  MPESA_SECRET,
  paymentRow,
  rows,
  SHORTCODE,
  usePaymentsHarness,
  statusJobResult,
} from '../helpers/payments';
import { nextEvent, recordEvents } from '../helpers/socket';
import { registerUser, type TestUser } from '../helpers/users';

const h = usePaymentsHarness();

const userWithSocket = () => h.userWithSocket();

async function push(user: TestUser, body: Record<string, unknown> = {}) {
  return h.server.api('/payments/mpesa/stk-push', {
    token: user.token,
    body: { planId: 'pro', interval: 'month', phoneNumber: '0712345678', ...body },
  });
}

const pushFor = (checkoutRequestID: string) => h.daraja.pushes.find((p) => p.checkoutRequestID === checkoutRequestID)!;

/** Posts a Daraja callback body without telling the stub's STK query about it (so only the callback acts). */
async function postCallback(
  checkoutRequestID: string,
  resultCode: number,
  overrides: { amount?: number; phone?: string } = {},
  url?: string,
) {
  const res = await fetch(url ?? pushFor(checkoutRequestID).body.CallBackURL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(h.daraja.callbackBody(checkoutRequestID, resultCode, overrides)),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

describe('M-Pesa provider failures and the shared token', () => {
  // First in the file: no status checks are running yet to take the token failure meant for the push.
  it('a token failure is "Failed to get M-Pesa access token"', async () => {
    // The worker registered the Paybill URLs at start with a token of its own: forget it, so the push needs a new one.
    await eventually(async () => h.daraja.c2bRegistrations.size > 0);
    const redis = h.server.services.ctx.redis;
    for (const key of await redis.keys(`${h.server.prefix}-mpesa-token-*`)) await redis.del(key);
    h.daraja.failNext('token', 400, { requestId: 'r2', errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
    const user = await registerUser(h.server);
    const res = await push(user);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('Failed to get M-Pesa access token');
  });

  it('a refused push fails the payment with the spec text and Daraja words for the customer', async () => {
    const { user, socket } = await userWithSocket();
    const update = nextEvent(socket, 'payment:updated');
    h.daraja.failNext('push', 400, { requestId: 'r1', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' });
    const res = await push(user);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      success: false,
      error: 'Failed to initiate M-Pesa payment',
      customerMessage: 'Bad Request - Invalid PhoneNumber',
    });
    expect(await update).toMatchObject({ status: 'failed', message: 'Failed to initiate M-Pesa payment' });
  });

  it('one token serves every process until it expires (each new token kills the previous one)', async () => {
    const user = await registerUser(h.server);
    expect((await push(user)).status).toBe(200);
    const issued = h.daraja.tokensIssued();
    // A second client, as another api or worker process would have, with the same Redis.
    const other = new MpesaClient({
      baseUrl: h.daraja.url,
      consumerKey: 'ck',
      consumerSecret: 'cs',
      shortcode: SHORTCODE,
      passkey: MPESA_PASSKEY,
      callbackUrl: `${h.server.url}/api/payments/mpesa/callback/${MPESA_SECRET}`,
      redis: h.server.services.ctx.redis,
      redisPrefix: h.server.prefix,
      logger: createLogger('silent'),
    });
    const res = await other.stkPush({ amount: 10, phone: '254712345678', accountReference: '12345678', transactionDesc: 'Pro 1 month' });
    expect(res.response.ResponseCode).toBe('0');
    expect((await push(user)).status).toBe(200);
    expect(h.daraja.tokensIssued()).toBe(issued);
  });
});

describe('M-Pesa STK push: the happy path, end to end', () => {
  it('sends the real STK payload, then the callback activates the plan live and at once', async () => {
    const { user, socket } = await userWithSocket();
    const completed = nextEvent(socket, 'payment:updated', (p: any) => p.status === 'completed');
    const subscription = nextEvent(socket, 'subscription:updated');

    const before = Date.now();
    const res = await push(user, { amount: 1 }); // a client-sent amount is ignored
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      responseCode: '0',
      customerMessage: 'Success. Request accepted for processing',
      amount: 1289,
      currency: 'KES',
    });
    expect(data.checkoutRequestID).toMatch(/^ws_CO_/);

    const sent = pushFor(data.checkoutRequestID).body;
    expect(sent).toMatchObject({
      BusinessShortCode: SHORTCODE,
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1289, // ceil(9.99 x 129): the catalogue's price, never the client's
      PartyA: '254712345678',
      PartyB: SHORTCODE,
      PhoneNumber: '254712345678',
      CallBackURL: `${h.server.url}/api/payments/mpesa/callback/${MPESA_SECRET}`,
      TransactionDesc: 'Pro 1 month', // what is bought
    });
    // The AccountReference is the payment's own short number, which the receipt shows too.
    const row = await paymentRow(h.server, data.paymentId);
    expect(row.account_number).toMatch(/^[1-9]\d{7}$/);
    expect(sent.AccountReference).toBe(row.account_number);
    // Timestamp: YYYYMMDDHHmmss in Nairobi time, within a few seconds of now.
    expect(sent.Timestamp).toMatch(/^\d{14}$/);
    const t = sent.Timestamp as string;
    const asUtc = Date.UTC(+t.slice(0, 4), +t.slice(4, 6) - 1, +t.slice(6, 8), +t.slice(8, 10) - 3, +t.slice(10, 12), +t.slice(12, 14));
    expect(Math.abs(asUtc - before)).toBeLessThan(60_000);
    expect(sent.Password).toBe(Buffer.from(`${SHORTCODE}${MPESA_PASSKEY}${t}`).toString('base64'));

    // What we keep of the request: neither the password nor the callback secret.
    const stored = JSON.stringify((await paymentRow(h.server, data.paymentId)).request_payload);
    expect(stored).toContain(row.account_number);
    expect(stored).not.toContain(MPESA_SECRET);
    expect(stored).not.toContain(sent.Password);

    const answer = await h.daraja.fireCallback(data.checkoutRequestID, 0);
    expect(answer).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });

    const event = await completed;
    expect(event).toMatchObject({ paymentId: data.paymentId, provider: 'mpesa', status: 'completed', planId: 'pro', resultCode: '0' });
    const sub = await subscription;
    expect(sub.currentPlan.id).toBe('pro');
    expect(sub.subscription).toMatchObject({ planId: 'pro', status: 'active', interval: 'month', cancelAtPeriodEnd: false });

    const me = await h.server.api('/auth/me', { token: user.token });
    expect(me.body.data.user.planId).toBe('pro');
    const subs = await h.server.api('/subscriptions', { token: user.token });
    expect(subs.body.data.currentPlan.id).toBe('pro');
    expect(subs.body.data.currentPlan.limits.dailyGenerations).toBe(-1);

    const status = await h.server.api(`/payments/mpesa/status/${data.checkoutRequestID}`, { token: user.token });
    expect(status.body.data).toMatchObject({ status: 'completed', resultCode: '0' });
    const history = await h.server.api('/payments/history', { token: user.token });
    expect(history.body.data.payments).toHaveLength(1);
    expect(history.body.data.payments[0]).toMatchObject({ provider: 'mpesa', status: 'completed', amountMinor: 1289, currency: 'KES' });
    // M-Pesa's confirmation code from the callback (MpesaReceiptNumber) is kept and shown beside our receipt number.
    const settled = await paymentRow(h.server, data.paymentId);
    expect(settled.mpesa_receipt).toMatch(/^T[0-9A-F]{9}$/);
    expect(history.body.data.payments[0]).toMatchObject({ mpesaReceipt: settled.mpesa_receipt, accountNumber: row.account_number });
    const receipt = await h.server.api(`/payments/${data.paymentId}/receipt`, { token: user.token });
    expect(receipt.body.data).toMatchObject({
      number: settled.receipt_number,
      mpesaReceipt: settled.mpesa_receipt,
      accountNumber: row.account_number,
    });
    expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1 });
  });

  it('prices the yearly business plan from the catalogue: ceil(287.90 x 129)', async () => {
    const user = await registerUser(h.server);
    const res = await push(user, { planId: 'business', interval: 'year' });
    expect(res.status).toBe(200);
    expect(pushFor(res.body.data.checkoutRequestID).body).toMatchObject({
      Amount: 37140,
      TransactionDesc: 'Business 1 yr',
    });
  });
});

describe('M-Pesa phone numbers', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['0112 345 678', '254112345678'],
  ])('normalises %s to %s in PartyA and PhoneNumber', async (input, expected) => {
    const user = await registerUser(h.server);
    const res = await push(user, { phoneNumber: input });
    expect(res.status).toBe(200);
    const sent = pushFor(res.body.data.checkoutRequestID).body;
    expect(sent.PartyA).toBe(expected);
    expect(sent.PhoneNumber).toBe(expected);
  });

  it.each(['712345678', '', '   ', 'abcdefghijkl'])('refuses %j with the spec message and sends nothing', async (phoneNumber) => {
    const user = await registerUser(h.server);
    const pushesBefore = h.daraja.pushes.length;
    const res = await push(user, { phoneNumber });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: 'Please enter a valid phone number' });
    expect(h.daraja.pushes.length).toBe(pushesBefore);
  });

  it('refuses a signed-out caller and a free plan', async () => {
    expect((await h.server.api('/payments/mpesa/stk-push', { body: { planId: 'pro', phoneNumber: '0712345678' } })).status).toBe(401);
    const user = await registerUser(h.server);
    const res = await push(user, { planId: 'free' });
    expect(res.status).toBe(400);
  });
});

describe("M-Pesa and the account's time zone (DESIGN.md §20)", () => {
  const zoneOf = async (user: TestUser) => (await h.server.api('/auth/me', { token: user.token })).body.data.user.timeZone as string;

  it('an account whose zone was only guessed at sign-up reads Nairobi time once it pays from a Kenyan number; a chosen zone stays', async () => {
    // No browser zone at sign-up (an API client): English, so UTC, guessed.
    const { user: guessed, socket } = await userWithSocket();
    expect(await zoneOf(guessed)).toBe('UTC');
    // Its open pages hear of the new zone at once (the account page, every time shown).
    const updated = nextEvent(socket, 'account:updated');
    expect((await push(guessed)).status).toBe(200);
    expect(await zoneOf(guessed)).toBe('Africa/Nairobi');
    expect((await updated).user).toMatchObject({ id: guessed.id, timeZone: 'Africa/Nairobi' });

    // The browser said UTC at sign-up: chosen, kept.
    const email = `tz-chosen-${Math.random().toString(36).slice(2)}@example.com`;
    const reg = await h.server.api('/auth/register', {
      body: { name: 'Chosen', email, password: 'correct horse battery', timeZone: 'UTC' },
    });
    const chosen: TestUser = {
      id: reg.body.data.user.id,
      name: 'Chosen',
      email,
      password: 'correct horse battery',
      token: reg.body.data.token,
      refreshToken: reg.body.data.refreshToken,
    };
    expect((await push(chosen)).status).toBe(200);
    expect(await zoneOf(chosen)).toBe('UTC');

    // Set on the account page after a guessed sign-up: chosen too.
    const later = await registerUser(h.server);
    expect(
      (await h.server.api('/account/time-zone', { method: 'PATCH', token: later.token, body: { timeZone: 'Europe/London' } })).status,
    ).toBe(200);
    expect((await push(later)).status).toBe(200);
    expect(await zoneOf(later)).toBe('Europe/London');

    // A number that is not Kenyan is refused before anything changes.
    const refused = await registerUser(h.server);
    expect((await push(refused, { phoneNumber: '+44 20 7946 0958' })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'Please enter a valid phone number',
    });
    expect(await zoneOf(refused)).toBe('UTC');
  });
});

describe('M-Pesa races and repeats: one completed payment, one active subscription', () => {
  it('callback first, then the status check: the check is a no-op', async () => {
    const { user } = await userWithSocket();
    const worker = h.server.services.worker!.workers.find((w) => w.name === 'payment-status')!;
    await worker.pause(true);
    let data: any;
    try {
      data = (await push(user)).body.data;
      await h.daraja.fireCallback(data.checkoutRequestID, 0);
      await eventually(async () => (await paymentRow(h.server, data.paymentId))?.status === 'completed');
    } finally {
      worker.resume();
    }
    expect((await statusJobResult(h.server, data.paymentId, data.checkoutRequestID)).outcome).toBe('already-settled');
    expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1, subscriptions: 1 });
  });

  it('status check first, then the callback: the callback is a no-op', async () => {
    const { user, socket } = await userWithSocket();
    const events = recordEvents(socket, ['payment:updated', 'subscription:updated']);
    const { data } = (await push(user)).body;
    h.daraja.setOutcome(data.checkoutRequestID, { resultCode: '0' });
    expect((await statusJobResult(h.server, data.paymentId, data.checkoutRequestID)).outcome).toBe('settled-completed');
    const answer = await h.daraja.fireCallback(data.checkoutRequestID, 0);
    expect(answer.status).toBe(200);
    await eventually(
      async () => (await rows(h.server, sql`select 1 from payment_events where payment_id = ${data.paymentId}`)).length === 1,
    );
    expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1, subscriptions: 1 });
    await eventually(async () => events.some((e) => e.event === 'subscription:updated'));
    expect(events.filter((e) => e.event === 'payment:updated' && e.payload.status === 'completed')).toHaveLength(1);
  });

  it('the same callback 10 times at once: stored 10 times, applied once', async () => {
    const { user, socket } = await userWithSocket();
    const events = recordEvents(socket, ['payment:updated', 'subscription:updated']);
    const { data } = (await push(user)).body;
    const answers = await Promise.all(Array.from({ length: 10 }, () => postCallback(data.checkoutRequestID, 0)));
    expect(answers).toEqual(Array(10).fill({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } }));
    await eventually(
      async () => (await rows(h.server, sql`select 1 from payment_events where payment_id = ${data.paymentId}`)).length === 10,
    );
    expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1, subscriptions: 1 });
    await eventually(async () => events.some((e) => e.event === 'subscription:updated'));
    expect(events.filter((e) => e.event === 'payment:updated')).toHaveLength(1);
    expect(events.filter((e) => e.event === 'subscription:updated')).toHaveLength(1);
  });

  it('two paid plans in a row: the newer replaces the older, still one active subscription', async () => {
    const { user } = await userWithSocket();
    const first = (await push(user)).body.data;
    await h.daraja.fireCallback(first.checkoutRequestID, 0);
    await eventually(async () => (await paymentRow(h.server, first.paymentId))?.status === 'completed');
    const second = (await push(user, { planId: 'business' })).body.data;
    await h.daraja.fireCallback(second.checkoutRequestID, 0);
    await eventually(async () => (await paymentRow(h.server, second.paymentId))?.status === 'completed');
    expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 2, activeSubscriptions: 1, subscriptions: 2 });
    expect((await h.server.api('/auth/me', { token: user.token })).body.data.user.planId).toBe('business');
  });
});

describe('M-Pesa result codes', () => {
  it.each([
    ['1032', 'cancelled', 'Payment cancelled by user'],
    ['1037', 'failed', 'Payment failed. Please try again.'],
    ['2001', 'failed', 'Payment failed. Please try again.'],
    ['1', 'failed', 'Payment failed. Please try again.'],
  ])('status check ResultCode %s ends %s with "%s"', async (code, status, message) => {
    const { user, socket } = await userWithSocket();
    const { data } = (await push(user)).body;
    const update = nextEvent(socket, 'payment:updated', (p: any) => p.paymentId === data.paymentId);
    h.daraja.setOutcome(data.checkoutRequestID, { resultCode: code });
    expect(await update).toMatchObject({ status, message, resultCode: code, provider: 'mpesa' });
    const res = await h.server.api(`/payments/mpesa/status/${data.checkoutRequestID}`, { token: user.token });
    expect(res.body.data).toMatchObject({ status, message, resultCode: code });
    expect((await h.server.api('/auth/me', { token: user.token })).body.data.user.planId).toBe('free');
    expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 0, activeSubscriptions: 0 });
  });

  it('a callback with ResultCode 1032 cancels, and a later success callback cannot revive it', async () => {
    const { user, socket } = await userWithSocket();
    const { data } = (await push(user)).body;
    const update = nextEvent(socket, 'payment:updated', (p: any) => p.paymentId === data.paymentId);
    await h.daraja.fireCallback(data.checkoutRequestID, 1032);
    expect(await update).toMatchObject({ status: 'cancelled', message: 'Payment cancelled by user' });
    await h.daraja.fireCallback(data.checkoutRequestID, 0);
    await eventually(
      async () => (await rows(h.server, sql`select 1 from payment_events where payment_id = ${data.paymentId}`)).length === 2,
    );
    expect((await paymentRow(h.server, data.paymentId)).status).toBe('cancelled');
    expect(await billingCounts(h.server, user.id)).toMatchObject({ activeSubscriptions: 0 });
  });

  it('"still processing": retried with backoff, never failed, then left for the callback after the window', async () => {
    const statusJobCounts = async () => {
      const text = await (await fetch(`${h.server.url}/metrics`)).text();
      const count = (outcome: string) =>
        Number(text.match(new RegExp(`gl_job_duration_seconds_count\\{queue="payment-status",outcome="${outcome}"\\} (\\d+)`))?.[1] ?? 0);
      return { delayed: count('delayed'), failed: count('failed') };
    };
    const before = await statusJobCounts();
    const { user, socket } = await userWithSocket();
    const events = recordEvents(socket, ['payment:updated']);
    const { data } = (await push(user)).body;
    // Daraja keeps answering 500.001.1001 "The transaction is being processed".
    await eventually(async () => h.daraja.queriesFor(data.checkoutRequestID) >= 3, 15_000, 'three status queries');
    expect((await paymentRow(h.server, data.paymentId)).status).toBe('pending');
    // Re-scheduling itself is not a failure in the job metrics.
    const after = await statusJobCounts();
    expect(after.delayed - before.delayed).toBeGreaterThanOrEqual(2);
    expect(after.failed).toBe(before.failed);
    // Three minutes after the push the check gives up, leaving the payment pending.
    await rows(h.server, sql`update payments set created_at = now() - interval '4 minutes' where id = ${data.paymentId}`);
    expect((await statusJobResult(h.server, data.paymentId, data.checkoutRequestID)).outcome).toBe('gave-up');
    const status = await h.server.api(`/payments/mpesa/status/${data.checkoutRequestID}`, { token: user.token });
    expect(status.body.data).toMatchObject({ status: 'pending', resultCode: null });
    expect(events).toHaveLength(0);
    // The customer's late confirmation still counts.
    const completed = nextEvent(socket, 'payment:updated', (p: any) => p.paymentId === data.paymentId);
    await h.daraja.fireCallback(data.checkoutRequestID, 0);
    expect(await completed).toMatchObject({ status: 'completed' });
  });

  it('500.001.1001 with another message is a real error, not "still processing"', async () => {
    const { user } = await userWithSocket();
    const { data } = (await push(user)).body;
    h.daraja.failNext(
      'query',
      500,
      {
        requestId: 'r',
        errorCode: '500.001.1001',
        errorMessage: 'Unable to lock subscriber, a transaction is already in process for the current subscriber',
      },
      data.checkoutRequestID,
    );
    // The job fails this attempt (BullMQ retries later) instead of re-scheduling itself as pending.
    await eventually(async () => {
      const job = await h.server.services.ctx.jobs.queues['payment-status'].getJob(`mpesa-status-${data.checkoutRequestID}`);
      return job && job.attemptsMade >= 1;
    });
    expect((await paymentRow(h.server, data.paymentId)).status).toBe('pending');
    expect(user.id).toBeTruthy();
  });
});

describe('M-Pesa: a callback that never comes', () => {
  it('the status check asks Daraja (STK Push Query) and settles the payment from its answer, live', async () => {
    const { user, socket } = await userWithSocket();
    // The customer confirms on the phone at once, but Daraja's callback is lost on the way.
    h.daraja.autoConfirm(0);
    h.daraja.loseCallbacks(true);
    try {
      const completed = nextEvent(socket, 'payment:updated', (p: any) => p.status === 'completed');
      const { data } = (await push(user)).body;
      expect(await completed).toMatchObject({ paymentId: data.paymentId, status: 'completed', planId: 'pro' });
      expect(h.daraja.queriesFor(data.checkoutRequestID)).toBeGreaterThanOrEqual(1);
      expect(await rows(h.server, sql`select 1 from payment_events where payment_id = ${data.paymentId}`)).toHaveLength(0);
      expect((await h.server.api('/auth/me', { token: user.token })).body.data.user.planId).toBe('pro');
      expect(await billingCounts(h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1 });
    } finally {
      h.daraja.loseCallbacks(false);
      h.daraja.autoConfirm(undefined);
    }
  });

  it('a query that times out leaves the payment pending and is asked again', async () => {
    const { user } = await userWithSocket();
    const { data } = (await push(user)).body;
    // Daraja's gateway times out (503 with no result) on the first query.
    h.daraja.failNext(
      'query',
      503,
      { requestId: 'r', errorCode: '503.001.01', errorMessage: 'Service Unavailable' },
      data.checkoutRequestID,
    );
    await eventually(async () => h.daraja.requests.some((r) => r.body?.CheckoutRequestID === data.checkoutRequestID), 15_000);
    expect((await paymentRow(h.server, data.paymentId)).status).toBe('pending');
    h.daraja.setOutcome(data.checkoutRequestID, { resultCode: '0' });
    await eventually(async () => (await paymentRow(h.server, data.paymentId))?.status === 'completed', 30_000, 'settled by a later query');
  });
});

describe('M-Pesa tampering and bad callbacks', () => {
  it('a callback with a wrong secret is a 404 and changes nothing', async () => {
    const { user, socket } = await userWithSocket();
    const events = recordEvents(socket, ['payment:updated']);
    const { data } = (await push(user)).body;
    const before = (await rows<{ n: number }>(h.server, sql`select count(*)::int as n from payment_events`))[0]!.n;
    const res = await postCallback(data.checkoutRequestID, 0, {}, `${h.server.url}/api/payments/mpesa/callback/not-the-secret-at-all`);
    expect(res.status).toBe(404);
    const after = (await rows<{ n: number }>(h.server, sql`select count(*)::int as n from payment_events`))[0]!.n;
    expect(after).toBe(before);
    expect((await paymentRow(h.server, data.paymentId)).status).toBe('pending');
    expect(events).toHaveLength(0);
  });

  it('a success callback with another amount or phone is stored but does not complete the payment', async () => {
    const { user } = await userWithSocket();
    const { data } = (await push(user)).body;
    await postCallback(data.checkoutRequestID, 0, { amount: 1 });
    await postCallback(data.checkoutRequestID, 0, { phone: '254799999999' });
    await eventually(
      async () => (await rows(h.server, sql`select 1 from payment_events where payment_id = ${data.paymentId}`)).length === 2,
    );
    expect((await paymentRow(h.server, data.paymentId)).status).toBe('pending');
    expect(await billingCounts(h.server, user.id)).toMatchObject({ activeSubscriptions: 0 });
  });

  it('an unknown or malformed callback is still stored and answered 200', async () => {
    const url = `${h.server.url}/api/payments/mpesa/callback/${MPESA_SECRET}`;
    const unknown = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Body: { stkCallback: { MerchantRequestID: 'x', CheckoutRequestID: 'ws_CO_unknown', ResultCode: 0, ResultDesc: 'ok' } },
      }),
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const junk = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(junk.status).toBe(200);
    const stored = await rows(h.server, sql`select payload from payment_events where payload->>'hello' = 'world'`);
    expect(stored).toHaveLength(1);
  });

  it("another user's status and cancel are 404; the owner can cancel a pending payment once", async () => {
    const owner = await registerUser(h.server);
    const other = await registerUser(h.server);
    const { data } = (await push(owner)).body;
    expect((await h.server.api(`/payments/mpesa/status/${data.checkoutRequestID}`, { token: other.token })).status).toBe(404);
    expect((await h.server.api(`/payments/${data.paymentId}/cancel`, { token: other.token, method: 'POST' })).status).toBe(404);
    const first = await h.server.api(`/payments/${data.paymentId}/cancel`, { token: owner.token, method: 'POST' });
    expect(first.body.data).toEqual({ cancelled: true });
    const again = await h.server.api(`/payments/${data.paymentId}/cancel`, { token: owner.token, method: 'POST' });
    expect(again.body.data).toEqual({ cancelled: false });
    // If the customer pays on the phone anyway, the money is honoured.
    await h.daraja.fireCallback(data.checkoutRequestID, 0);
    await eventually(async () => (await paymentRow(h.server, data.paymentId))?.status === 'completed');
    expect(await billingCounts(h.server, owner.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1 });
  });
});
