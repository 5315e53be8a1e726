import { describe, expect, it } from 'vitest';
import { eventually } from '../helpers/eventually';
import { usePaymentsHarness } from '../helpers/payments';
import { nextEvent } from '../helpers/socket';
import type { TestUser } from '../helpers/users';

/**
 * Issue #23: what a payment says reaches the user in the account's language, over HTTP (history,
 * the M-Pesa status route) and over the socket (payment:updated); an English account keeps English.
 */
const h = usePaymentsHarness();

async function speaks(user: TestUser, language: 'en' | 'sw') {
  const res = await h.server.api('/account/language', { method: 'PATCH', token: user.token, body: { language } });
  expect(res.status).toBe(200);
}

/** An M-Pesa payment for Pro, paid on the phone; what the socket said when it completed. */
async function payPro(user: TestUser) {
  const socket = await h.socketFor(user);
  const completed = nextEvent(socket, 'payment:updated', (p: any) => p.status === 'completed');
  const push = await h.server.api('/payments/mpesa/stk-push', {
    token: user.token,
    body: { planId: 'pro', interval: 'month', phoneNumber: '0712345678' },
  });
  expect(push.status).toBe(200);
  const { checkoutRequestID, paymentId } = push.body.data as { checkoutRequestID: string; paymentId: string };
  const pending = await h.server.api(`/payments/mpesa/status/${checkoutRequestID}`, { token: user.token });
  await h.daraja.fireCallback(checkoutRequestID, 0);
  return { paymentId, checkoutRequestID, pending: pending.body.data, event: await completed };
}

describe("a payment's message in the account's language", () => {
  it('a Kiswahili account is told in Kiswahili: payment:updated, the status route and the history', async () => {
    const { user } = await h.userWithSocket();
    await speaks(user, 'sw');
    const { paymentId, checkoutRequestID, pending, event } = await payPro(user);

    expect(pending).toMatchObject({ status: 'pending', message: 'Angalia simu yako na uweke PIN yako ya M-Pesa ili kukamilisha malipo.' });
    expect(event).toMatchObject({ paymentId, status: 'completed', message: 'Malipo yamepokelewa. Mpango wako wa Pro unatumika sasa.' });

    // The account's language wins over the browser's headers.
    const headers = { 'accept-language': 'en' };
    const status = await eventually(async () => {
      const res = await h.server.api(`/payments/mpesa/status/${checkoutRequestID}`, { token: user.token, headers });
      return res.body.data?.status === 'completed' ? res.body.data : undefined;
    });
    expect(status.message).toBe('Malipo yamepokelewa. Mpango wako wa Pro unatumika sasa.');
    const history = await h.server.api('/payments/history', { token: user.token, headers });
    expect(history.status).toBe(200);
    expect(history.body.data.payments[0]).toMatchObject({
      id: paymentId,
      status: 'completed',
      message: 'Malipo yamepokelewa. Mpango wako wa Pro unatumika sasa.',
    });
  });

  it('an English account keeps the English words, whatever the browser asks', async () => {
    const { user } = await h.userWithSocket();
    const { paymentId, pending, event } = await payPro(user);
    expect(pending.message).toBe('Check your phone and enter your M-Pesa PIN to complete the payment.');
    expect(event.message).toBe('Payment received. Your Pro plan is active now.');
    const history = await h.server.api('/payments/history', { token: user.token, headers: { 'accept-language': 'sw' } });
    expect(history.body.data.payments[0]).toMatchObject({ id: paymentId, message: 'Payment received. Your Pro plan is active now.' });
  });
});
