import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mpesaTransactionStatusJob } from '@gl/core/server';
import { DARAJA_TEST_CERTIFICATE, DARAJA_TEST_INITIATOR } from '@gl/simulators';
import { useBillingHarness } from '../helpers/billing';
import { eventually } from '../helpers/eventually';
import { billingCounts, MPESA_SECRET, paymentRow, rows, SHORTCODE } from '../helpers/payments';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket';
import { registerUser, type TestUser } from '../helpers/users';

// A Paybill payment whose C2B confirmation never came is asked about with Daraja's Transaction Status
// (the initiator password encrypted with the simulator's test certificate); the answer is posted to
// our ResultURL and settles it once.
const b = useBillingHarness({
  MPESA_INITIATOR_NAME: DARAJA_TEST_INITIATOR.name,
  MPESA_INITIATOR_PASSWORD: DARAJA_TEST_INITIATOR.password,
  MPESA_CERTIFICATE: DARAJA_TEST_CERTIFICATE,
});
const sockets: TestSocket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

async function paybillWithSocket(): Promise<{ user: TestUser; socket: TestSocket; data: any }> {
  const user = await registerUser(b.h.server);
  const socket = await connectSocket(b.h.server.url, { token: user.token });
  sockets.push(socket);
  const res = await b.h.server.api('/payments/mpesa/paybill', { token: user.token, body: { planId: 'pro', interval: 'month' } });
  expect(res.status).toBe(201);
  return { user, socket, data: res.body.data };
}

const eventsOf = (paymentId: string) =>
  rows<{ kind: string; applied_at: Date | null; last_error: string | null; payload: any }>(
    b.h.server,
    sql`select kind, applied_at, last_error, payload from payment_events where payment_id = ${paymentId} order by created_at`,
  );

async function jobOutcome(paymentId: string, transId: string, validatedAt = 0) {
  const queue = b.h.server.services.ctx.jobs.queues['payment-status'];
  const id = mpesaTransactionStatusJob.jobId({ paymentId, transId, validatedAt });
  return eventually(async () => {
    const job = await queue.getJob(id);
    if (!job || (await job.getState()) !== 'completed') return undefined;
    return ((await queue.getJob(id))?.returnvalue ?? undefined) as { outcome: string } | undefined;
  });
}

const resultUrl = (secret: string) => `${b.h.server.url}/api/payments/mpesa/transaction-status/result/${secret}`;
const post = async (url: string, body: unknown) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => undefined) };
};

/** The customer pays the Paybill; Daraja validates it but its confirmation never reaches us. */
async function payWithConfirmationLost(data: { accountNumber: string; amount: number }) {
  b.h.daraja.loseConfirmations(true);
  try {
    return await b.h.daraja.payBill({ accountNumber: data.accountNumber, amount: data.amount });
  } finally {
    b.h.daraja.loseConfirmations(false);
  }
}

describe('Transaction Status for a Paybill payment whose confirmation was lost', () => {
  it('asks Daraja with the encrypted initiator credential; the result settles the payment once, live, with the M-Pesa code', async () => {
    const { user, socket, data } = await paybillWithSocket();
    const completed = nextEvent(socket, 'payment:updated', (p: any) => p.paymentId === data.paymentId && p.status === 'completed');
    const paid = await payWithConfirmationLost(data);
    expect(paid.validation!.body.ResultCode).toBe('0');
    expect(paid.confirmation).toBeUndefined();

    expect(await completed).toMatchObject({ status: 'completed', planId: 'pro' });
    const row = await paymentRow(b.h.server, data.paymentId);
    expect(row).toMatchObject({ status: 'completed', mpesa_receipt: paid.transId });
    expect(row.receipt_number).toMatch(/^GL-\d{4}-\d{6}$/);
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1 });

    const query = b.h.daraja.txStatusQueries.find((q) => q.body.TransactionID === paid.transId)!;
    expect(query.body).toMatchObject({
      Initiator: DARAJA_TEST_INITIATOR.name,
      CommandID: 'TransactionStatusQuery',
      PartyA: SHORTCODE,
      IdentifierType: '4',
      ResultURL: resultUrl(MPESA_SECRET),
      QueueTimeOutURL: `${b.h.server.url}/api/payments/mpesa/transaction-status/timeout/${MPESA_SECRET}`,
      Occasion: data.accountNumber,
    });
    // RSA-2048, PKCS#1 v1.5: 256 bytes, never the password itself.
    expect(Buffer.from(query.body.SecurityCredential, 'base64')).toHaveLength(256);
    expect(query.body.SecurityCredential).not.toContain(DARAJA_TEST_INITIATOR.password);
    // The payment settles before the callback's answer reaches the simulator: wait for the answer.
    expect(await eventually(async () => query.reply, 10_000, 'the answer to the result callback')).toEqual({
      status: 200,
      body: { ResultCode: 0, ResultDesc: 'Accepted' },
    });

    const events = await eventsOf(data.paymentId);
    expect(events[0]!.kind).toBe('c2b-validation');
    const stored = JSON.stringify(events.filter((e) => e.kind === 'tx-status-query').map((e) => e.payload));
    expect(stored).toContain(paid.transId);
    expect(stored).not.toContain(MPESA_SECRET);
    expect(stored).not.toContain('SecurityCredential');
    const applied = events.filter((e) => e.kind === 'tx-status-result' && e.applied_at);
    expect(applied).toHaveLength(1);
    expect(applied[0]!.last_error).toBeNull();

    expect(await jobOutcome(data.paymentId, paid.transId)).toEqual({ outcome: 'already-settled' });
    // The confirmation that finally comes changes nothing.
    await b.h.daraja.postC2b('confirmation', paid.body);
    expect(await billingCounts(b.h.server, user.id)).toMatchObject({ completedPayments: 1, activeSubscriptions: 1, subscriptions: 1 });
  });

  it('a query Daraja refuses or that times out in its queue leaves the payment pending, and it is asked again', async () => {
    const { socket, data } = await paybillWithSocket();
    const completed = nextEvent(socket, 'payment:updated', (p: any) => p.paymentId === data.paymentId && p.status === 'completed');
    b.h.daraja.failNext('tx-status', 503, { requestId: 'x', errorCode: '503.001.01', errorMessage: 'Service Unavailable' });
    b.h.daraja.timeOutTxStatus(1);
    const paid = await payWithConfirmationLost(data);
    expect(await completed).toMatchObject({ status: 'completed' });
    const queries = b.h.daraja.txStatusQueries.filter((q) => q.body.TransactionID === paid.transId);
    // The refused one never reached the list; the timed-out one did, then the one that settled it.
    expect(queries.map((q) => q.answeredTo)).toEqual(['timeout', 'result']);
    const events = await eventsOf(data.paymentId);
    const timeout = events.find((e) => e.kind === 'tx-status-timeout')!;
    expect(timeout.last_error).toBe(`queue timeout for ${paid.transId}: asked again`);
    expect(timeout.applied_at).toBeNull();
    expect((await paymentRow(b.h.server, data.paymentId)).mpesa_receipt).toBe(paid.transId);
  });

  it('a definitive "not paid" leaves the payment pending and stops asking about that TransID', async () => {
    const { data } = await paybillWithSocket();
    const paid = await payWithConfirmationLost(data);
    // The money did not move after all (the customer's balance was short once validated).
    b.h.daraja.setC2bOutcome(paid.transId, 'lost');
    expect(await jobOutcome(data.paymentId, paid.transId)).toEqual({ outcome: 'not-paid' });
    const asked = () => b.h.daraja.txStatusQueries.filter((q) => q.body.TransactionID === paid.transId);
    const count = asked().length;
    expect(asked().every((q) => q.answer?.Result.ResultCode === 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    expect(asked()).toHaveLength(count);
    expect((await paymentRow(b.h.server, data.paymentId)).status).toBe('pending');
    const result = (await eventsOf(data.paymentId)).find((e) => e.kind === 'tx-status-result')!;
    expect(result.last_error).toMatch(new RegExp(`^not paid ${paid.transId}: ResultCode 1`));
  });

  it('a result from a caller without the secret path, or for a query we never sent, settles nothing', async () => {
    const { data } = await paybillWithSocket();
    const paid = await payWithConfirmationLost(data);
    b.h.daraja.setC2bOutcome(paid.transId, 'lost');
    expect(await jobOutcome(data.paymentId, paid.transId)).toEqual({ outcome: 'not-paid' });
    const real = b.h.daraja.txStatusQueries.find((q) => q.body.TransactionID === paid.transId)!.answer.Result;
    const forged = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: real.OriginatorConversationID,
        ConversationID: real.ConversationID,
        TransactionID: 'TFORGED001',
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'Amount', Value: data.amount },
            { Key: 'ReceiptNo', Value: paid.transId },
          ],
        },
      },
    };
    const count = async () => (await rows<{ n: number }>(b.h.server, sql`select count(*)::int as n from payment_events`))[0]!.n;
    const before = await count();
    const wrong = await post(resultUrl('not-the-secret-at-all'), forged);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await count()).toBe(before);

    const unknown = structuredClone(forged);
    unknown.Result.OriginatorConversationID = 'aaaa-1-1';
    unknown.Result.ConversationID = 'AG_20261129_unknown';
    expect(await post(resultUrl(MPESA_SECRET), unknown)).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
    const [stored] = await rows<{ last_error: string; payment_id: string | null }>(
      b.h.server,
      sql`select last_error, payment_id from payment_events where payload->'Result'->>'ConversationID' = 'AG_20261129_unknown'`,
    );
    expect(stored).toEqual({ last_error: 'answers no query of ours', payment_id: null });
    for (const junk of [{}, [], { Result: 'x' }, { Result: { ResultCode: {} } }])
      expect((await post(resultUrl(MPESA_SECRET), junk)).status).toBe(200);
    expect((await paymentRow(b.h.server, data.paymentId)).status).toBe('pending');
  });
});
