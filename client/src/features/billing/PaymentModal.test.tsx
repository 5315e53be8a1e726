import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getPlan } from '@gl/core/types';
import PaymentModal from './PaymentModal';
import { INITIAL_PAYMENT_STATE, PAYMENT_TEXT, paymentModalReducer, type PaymentsConfig } from './payments';
import { TEST_USER, fail, mockApi, ok, renderAt, resetBrowserState, signIn, type MockReply } from '../../test/app-harness';
import { fakeSocket } from '../../test/fake-socket';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

beforeEach(() => {
  resetBrowserState();
  signIn();
});

const LIVE: PaymentsConfig = { simulated: false, paypalClientId: null, currency: 'USD', paypal: false, mpesa: true, kesPerUsd: 129 };
const SIMULATED: PaymentsConfig = { simulated: true, paypalClientId: null, currency: 'USD', paypal: true, mpesa: true, kesPerUsd: 129 };

function renderModal(config: PaymentsConfig, onSuccess = vi.fn(), onClose = vi.fn()) {
  renderAt(<PaymentModal plan={getPlan('pro')} interval="month" config={config} onClose={onClose} onSuccess={onSuccess} />);
  return { onSuccess, onClose };
}

async function chooseMpesa() {
  await userEvent.click(screen.getByRole('radio', { name: /M-Pesa/ }));
}

describe('payment modal', () => {
  it('opens on PayPal by default, with the price of the plan and period', () => {
    mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }) });
    renderModal(LIVE);
    expect(screen.getByRole('dialog', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /PayPal/ })).toBeChecked();
    expect(screen.getByText('$9.99')).toBeInTheDocument();
    expect(screen.queryByTestId('sandbox-notice')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simulate PayPal approval' })).not.toBeInTheDocument();
  });

  it("M-Pesa: fewer than 10 characters gives 'Please enter a valid phone number' and sends nothing", async () => {
    const { calls } = mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }) });
    renderModal(LIVE);
    await chooseMpesa();
    await userEvent.type(screen.getByLabelText('M-Pesa phone number'), '071234');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid phone number');
    expect(calls.some((c) => c.path.includes('stk-push'))).toBe(false);
  });

  it('M-Pesa: after the push it waits for the phone; payment:updated completed closes with success', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/mpesa/stk-push': () =>
        ok({
          paymentId: 'pay-1',
          checkoutRequestID: 'ws_CO_1',
          responseCode: '0',
          customerMessage: 'Success. Request accepted for processing',
        }),
    });
    const { onSuccess } = renderModal(LIVE);
    await chooseMpesa();
    await userEvent.type(screen.getByLabelText('M-Pesa phone number'), '0712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(await screen.findByText(/waiting for you to confirm on your phone/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/payments/mpesa/stk-push')!.body).toEqual({
      planId: 'pro',
      interval: 'month',
      phoneNumber: '0712345678',
    });

    // Another payment's event changes nothing.
    act(() =>
      fakeSocket.emitFromServer('payment:updated', {
        paymentId: 'other',
        provider: 'mpesa',
        status: 'completed',
        message: '',
        planId: 'pro',
      }),
    );
    expect(onSuccess).not.toHaveBeenCalled();
    act(() =>
      fakeSocket.emitFromServer('payment:updated', {
        paymentId: 'pay-1',
        provider: 'mpesa',
        status: 'completed',
        message: 'Payment completed',
        planId: 'pro',
      }),
    );
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  });

  it('M-Pesa: a result sent while the live connection was down is read again when it reconnects', async () => {
    let status = 'pending';
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/mpesa/stk-push': () => ok({ paymentId: 'pay-9', checkoutRequestID: 'ws_CO_9', responseCode: '0' }),
      'GET /api/payments/mpesa/status/ws_CO_9': () =>
        ok({
          paymentId: 'pay-9',
          checkoutRequestID: 'ws_CO_9',
          status,
          resultCode: status === 'pending' ? null : '1032',
          message: 'Payment cancelled by user',
        }),
    });
    const { onSuccess } = renderModal(LIVE);
    await chooseMpesa();
    await userEvent.type(screen.getByLabelText('M-Pesa phone number'), '0712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(await screen.findByText(/waiting for you to confirm on your phone/)).toBeInTheDocument();

    // Reconnected while still pending: keeps waiting.
    act(() => fakeSocket.emitFromServer('connect'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText(/waiting for you to confirm on your phone/)).toBeInTheDocument();

    // The customer cancelled while the connection was down; the next connect reads it.
    status = 'cancelled';
    act(() => fakeSocket.emitFromServer('connect'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment cancelled by user');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("M-Pesa: a cancelled payment (1032) shows 'Payment cancelled by user'; other failures 'Payment failed. Please try again.'", async () => {
    let n = 0;
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/mpesa/stk-push': () => ok({ paymentId: `pay-${++n}`, checkoutRequestID: `ws_${n}`, responseCode: '0' }),
    });
    renderModal(LIVE);
    await chooseMpesa();
    await userEvent.type(screen.getByLabelText('M-Pesa phone number'), '254712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    await screen.findByText(/waiting for you to confirm on your phone/);
    act(() =>
      fakeSocket.emitFromServer('payment:updated', {
        paymentId: 'pay-1',
        provider: 'mpesa',
        status: 'cancelled',
        resultCode: '1032',
        message: '',
        planId: 'pro',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment cancelled by user');

    await userEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    await screen.findByText(/waiting for you to confirm on your phone/);
    act(() =>
      fakeSocket.emitFromServer('payment:updated', {
        paymentId: 'pay-2',
        provider: 'mpesa',
        status: 'failed',
        resultCode: '2001',
        message: '',
        planId: 'pro',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed. Please try again.');
  });

  it("M-Pesa initiation failure: Daraja's customer message, else 'Payment initiation failed'", async () => {
    let reply = fail(502, 'Failed to initiate M-Pesa payment', 'PROVIDER_ERROR', { customerMessage: 'Invalid PhoneNumber' });
    mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }), 'POST /api/payments/mpesa/stk-push': () => reply });
    renderModal(LIVE);
    await chooseMpesa();
    await userEvent.type(screen.getByLabelText('M-Pesa phone number'), '0712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid PhoneNumber');
    reply = fail(502, 'Failed to initiate M-Pesa payment', 'PROVIDER_ERROR');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Payment initiation failed$/));
  });

  it('simulated providers: says so plainly, and the labelled simulated approval creates then captures the order', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/paypal/create-order': () => ok({ orderID: 'SIM-ORDER-1', paymentId: 'pay-9' }, 201),
      'POST /api/payments/paypal/capture-order': () =>
        ok({ id: 'SIM-ORDER-1', paymentId: 'pay-9', status: 'completed', subscription: null, currentPlan: getPlan('pro') }),
    });
    const { onSuccess } = renderModal(SIMULATED);
    expect(screen.getByTestId('sandbox-notice')).toHaveTextContent(/simulated/i);
    await userEvent.click(screen.getByRole('button', { name: 'Simulate PayPal approval' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path.startsWith('/api/payments/paypal')).map((c) => [c.path, c.body])).toEqual([
      ['/api/payments/paypal/create-order', { planId: 'pro', interval: 'month' }],
      ['/api/payments/paypal/capture-order', { orderID: 'SIM-ORDER-1', planId: 'pro' }],
    ]);
  });

  it("PayPal errors use the catalogue's texts", async () => {
    let create: MockReply = fail(502, 'Failed to create PayPal order', 'PROVIDER_ERROR');
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/paypal/create-order': () => create,
      'POST /api/payments/paypal/capture-order': () => fail(502, 'Failed to capture PayPal payment', 'PROVIDER_ERROR'),
    });
    renderModal(SIMULATED);
    await userEvent.click(screen.getByRole('button', { name: 'Simulate PayPal approval' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('PayPal payment failed. Please try again.');
    create = ok({ orderID: 'SIM-2', paymentId: 'pay-2' }, 201);
    await userEvent.click(screen.getByRole('button', { name: 'Simulate PayPal approval' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Payment processing failed. Please try again.'));
  });

  it('a second upgrade while another is open: the 409 is shown as the server says it, and the other payment can be cancelled to start again', async () => {
    const UPGRADE_OPEN =
      'An upgrade payment that uses the credit from your current plan is already in progress. Finish it, or cancel it, before starting another.';
    let pushes = 0;
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/mpesa/stk-push': () =>
        ++pushes === 1
          ? fail(409, UPGRADE_OPEN, 'CONFLICT', { pendingPaymentId: 'pay-open', pendingProvider: 'paypal' })
          : ok({ paymentId: 'pay-2', checkoutRequestID: 'ws_CO_2', responseCode: '0', customerMessage: 'Success' }),
      'POST /api/payments/pay-open/cancel': () => ok({ cancelled: true }),
      'POST /api/payments/paypal/create-order': () => fail(409, UPGRADE_OPEN, 'CONFLICT', { pendingPaymentId: 'pay-open' }),
    });
    renderModal(SIMULATED);
    // PayPal too says why, not "PayPal payment failed".
    await userEvent.click(screen.getByRole('button', { name: 'Simulate PayPal approval' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UPGRADE_OPEN);

    await chooseMpesa();
    await userEvent.type(screen.getByLabelText('M-Pesa phone number'), '0712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UPGRADE_OPEN);
    const cancel = screen.getByRole('button', { name: 'Cancel that payment and start again' });
    await userEvent.click(cancel);
    expect(await screen.findByRole('status')).toHaveTextContent('The other payment is cancelled. You can pay now.');
    expect(calls.filter((c) => c.path === '/api/payments/pay-open/cancel')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();

    // The phone number is kept: paying again goes through.
    await userEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(await screen.findByText(/waiting for you to confirm on your phone/)).toBeInTheDocument();
  });

  it('a 409 for an open payment that went through meanwhile says so instead of cancelling', async () => {
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/mpesa/stk-push': () =>
        fail(409, 'An upgrade payment ... is already in progress.', 'CONFLICT', { pendingPaymentId: 'pay-open' }),
      'POST /api/payments/pay-open/cancel': () => ok({ cancelled: false }),
    });
    renderModal(LIVE);
    await chooseMpesa();
    await userEvent.type(screen.getByLabelText('M-Pesa phone number'), '0712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel that payment and start again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That payment has already gone through. Close this window to see your plan.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel that payment and start again' })).toBeNull();
  });

  it('Escape and the close button close the modal', async () => {
    mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }) });
    const { onClose } = renderModal(LIVE);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close payment dialog' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('state machine: method chosen, processing, waiting, error, success; the method is locked while busy', () => {
    let s = paymentModalReducer(INITIAL_PAYMENT_STATE, { type: 'method', method: 'mpesa' });
    expect(s).toMatchObject({ method: 'mpesa', phase: 'choose' });
    s = paymentModalReducer(s, { type: 'processing' });
    expect(paymentModalReducer(s, { type: 'method', method: 'paypal' }).method).toBe('mpesa');
    s = paymentModalReducer(s, { type: 'waiting', paymentId: 'p', customerMessage: null });
    expect(s).toMatchObject({ phase: 'waiting', paymentId: 'p' });
    s = paymentModalReducer(s, { type: 'error', message: PAYMENT_TEXT.mpesaFailed });
    expect(s).toMatchObject({ phase: 'error', error: 'Payment failed. Please try again.' });
    s = paymentModalReducer(s, { type: 'method', method: 'paypal' });
    expect(s).toEqual({ ...INITIAL_PAYMENT_STATE, method: 'paypal' });
    expect(paymentModalReducer(s, { type: 'success' }).phase).toBe('success');
  });
});
