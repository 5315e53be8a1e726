import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getPlan } from '@gl/core/types';
import PaymentModal from './PaymentModal';
import { watchConnection } from '../../platform/app-status';
import type { PaymentsConfig } from './payments';
import { TEST_USER, fail, mockApi, ok, renderAt, resetBrowserState, signIn, type MockReply } from '../../test/app-harness';
import { fakeSocket } from '../../test/fake-socket';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

/** PayPal's SDK (third party, loaded from paypal.com) stands in as: the script options and the buttons' callbacks, recorded. */
const paypal = vi.hoisted(() => ({
  options: [] as Array<Record<string, unknown>>,
  buttons: [] as Array<Record<string, any>>,
}));
vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ options, children }: { options: Record<string, unknown>; children: ReactNode }) => {
    paypal.options.push(options);
    return <div data-testid="paypal-sdk">{children}</div>;
  },
  PayPalButtons: (props: Record<string, any>) => {
    paypal.buttons.push(props);
    return <div data-testid="paypal-buttons" data-disabled={String(Boolean(props.disabled))} />;
  },
}));

watchConnection();

beforeEach(() => {
  resetBrowserState();
  signIn();
  paypal.options.length = 0;
  paypal.buttons.length = 0;
  act(() => window.dispatchEvent(new Event('online')));
});

const LIVE: PaymentsConfig = { simulated: false, paypalClientId: 'pp-client', currency: 'USD', paypal: true, mpesa: true, kesPerUsd: 129 };
const SIMULATED: PaymentsConfig = {
  simulated: true,
  paypalClientId: 'sandbox-paypal-client',
  currency: 'USD',
  paypal: true,
  mpesa: true,
  kesPerUsd: 129,
};
const lastButtons = () => paypal.buttons[paypal.buttons.length - 1]!;

function renderModal(config: PaymentsConfig, interval: 'month' | 'year' = 'month') {
  const onSuccess = vi.fn();
  renderAt(<PaymentModal plan={getPlan('pro')} interval={interval} config={config} onClose={vi.fn()} onSuccess={onSuccess} />);
  return { onSuccess };
}

const confirmed = {
  subscription: { id: 'sub-1', planId: 'pro', status: 'active', autoRenew: true, provider: 'paypal' },
  currentPlan: getPlan('pro'),
};

describe('PayPal: pay once or renew automatically', () => {
  it('offers both, "Pay once" first; the renewing choice says what will be charged and when it stops', async () => {
    mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }) });
    renderModal(SIMULATED, 'year');
    expect(screen.getByRole('radio', { name: /Pay once/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Renews automatically/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Simulate PayPal approval' })).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: /Renews automatically/ }));
    expect(screen.getByTestId('renewal-terms')).toHaveTextContent(/every year until you turn auto-renew off/);
    expect(screen.queryByRole('button', { name: 'Simulate PayPal approval' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simulate PayPal subscription approval' })).toBeEnabled();
    // M-Pesa does not renew by itself: no such choice there.
    await userEvent.click(screen.getByRole('radio', { name: /M-Pesa/ }));
    expect(screen.queryByRole('radio', { name: /Renews automatically/ })).not.toBeInTheDocument();
  });

  it('sandbox: the simulated subscription approval creates, then confirms the subscription and reports the new plan', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/paypal/create-subscription': () => ok({ subscriptionID: 'I-SIM123', approveUrl: null, paymentId: 'pay-s1' }, 201),
      'POST /api/payments/paypal/confirm-subscription': () => ok(confirmed),
    });
    const { onSuccess } = renderModal(SIMULATED);
    await userEvent.click(screen.getByRole('radio', { name: /Renews automatically/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Simulate PayPal subscription approval' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess.mock.calls[0]![0]).toMatchObject({
      id: 'I-SIM123',
      paymentId: 'pay-s1',
      status: 'completed',
      currentPlan: { id: 'pro' },
    });
    expect(calls.filter((c) => c.path.startsWith('/api/payments/paypal')).map((c) => [c.path, c.body])).toEqual([
      ['/api/payments/paypal/create-subscription', { planId: 'pro', interval: 'month' }],
      ['/api/payments/paypal/confirm-subscription', { subscriptionID: 'I-SIM123' }],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Payment complete. Welcome to Pro!');
  });

  it("a refusal the buyer can act on shows the server's words; switching to 'Pay once' clears it", async () => {
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/paypal/create-subscription': () =>
        fail(503, 'PayPal subscriptions are not set up yet. Please use a one-time payment.', 'UNAVAILABLE'),
    });
    const { onSuccess } = renderModal(SIMULATED);
    await userEvent.click(screen.getByRole('radio', { name: /Renews automatically/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Simulate PayPal subscription approval' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('PayPal subscriptions are not set up yet. Please use a one-time payment.');
    expect(onSuccess).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('radio', { name: /Pay once/ }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("PayPal's subscription buttons: SDK with intent=subscription and vault=true; our server creates and confirms", async () => {
    let confirm: MockReply = fail(409, 'Please approve the subscription at PayPal first.', 'CONFLICT');
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/paypal/create-subscription': () => ok({ subscriptionID: 'I-REAL1', approveUrl: null, paymentId: 'pay-r1' }, 201),
      'POST /api/payments/paypal/confirm-subscription': () => confirm,
    });
    const { onSuccess } = renderModal(LIVE);
    await userEvent.click(screen.getByRole('radio', { name: /Renews automatically/ }));
    await screen.findByTestId('paypal-buttons');
    expect(paypal.options.at(-1)).toMatchObject({ clientId: 'pp-client', intent: 'subscription', vault: true, currency: 'USD' });
    expect(lastButtons().style).toMatchObject({ label: 'subscribe' });
    expect(lastButtons().createOrder).toBeUndefined();

    expect(await act(() => lastButtons().createSubscription())).toBe('I-REAL1');
    await act(() => lastButtons().onApprove({ subscriptionID: 'I-REAL1', orderID: '' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please approve the subscription at PayPal first.');

    confirm = ok(confirmed);
    await act(() => lastButtons().onApprove({ subscriptionID: 'I-REAL1', orderID: '' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path === '/api/payments/paypal/confirm-subscription').map((c) => c.body)).toEqual([
      { subscriptionID: 'I-REAL1' },
      { subscriptionID: 'I-REAL1' },
    ]);
  });

  it("PayPal's order buttons (pay once): a pending capture waits, and payment:updated completes it", async () => {
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/paypal/create-order': () => ok({ orderID: 'ORDER-1', paymentId: 'pay-o1' }, 201),
      'POST /api/payments/paypal/capture-order': () => ok({ id: 'ORDER-1', paymentId: 'pay-o1', status: 'pending', subscription: null }),
    });
    const { onSuccess } = renderModal(LIVE);
    await screen.findByTestId('paypal-buttons');
    expect(paypal.options.at(-1)).toMatchObject({ clientId: 'pp-client', intent: 'capture' });
    expect(await act(() => lastButtons().createOrder())).toBe('ORDER-1');
    await act(() => lastButtons().onApprove({ orderID: 'ORDER-1' }));
    await waitFor(() => expect(screen.getByTestId('paypal-buttons')).toHaveAttribute('data-disabled', 'true'));
    expect(screen.getByRole('radio', { name: /M-Pesa/ })).toBeDisabled();
    expect(onSuccess).not.toHaveBeenCalled();
    act(() =>
      fakeSocket.emitFromServer('payment:updated', {
        paymentId: 'pay-o1',
        provider: 'paypal',
        status: 'completed',
        message: '',
        planId: 'pro',
      }),
    );
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  });
});

describe('payments need a connection', () => {
  it('offline: every pane says so and its pay button is off; back online they work again', async () => {
    mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }) });
    renderModal(SIMULATED);
    act(() => window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('payment-offline')).toHaveTextContent("You're offline. Payments need a connection.");
    expect(screen.getByRole('button', { name: 'Simulate PayPal approval' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /Renews automatically/ }));
    expect(screen.getByRole('button', { name: 'Simulate PayPal subscription approval' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /M-Pesa/ }));
    await userEvent.type(screen.getByLabelText('M-Pesa phone number'), '0712345678');
    expect(screen.getByRole('button', { name: 'Pay with M-Pesa' })).toBeDisabled();

    act(() => window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('payment-offline')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with M-Pesa' })).toBeEnabled();
  });

  it("offline with PayPal's real buttons: no endless 'Loading PayPal...', the notice instead", async () => {
    mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }) });
    act(() => window.dispatchEvent(new Event('offline')));
    renderModal(LIVE);
    expect(screen.getByTestId('payment-offline')).toBeInTheDocument();
    expect(screen.queryByText('Loading PayPal...')).not.toBeInTheDocument();
    expect(screen.queryByTestId('paypal-buttons')).not.toBeInTheDocument();
    act(() => window.dispatchEvent(new Event('online')));
    await screen.findByTestId('paypal-buttons');
  });
});
