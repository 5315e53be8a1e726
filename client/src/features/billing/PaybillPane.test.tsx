import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getPlan } from '@gl/core/types';
import PaymentModal from './PaymentModal';
import type { PaymentsConfig } from './payments';
import { TEST_USER, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';
import { fakeSocket } from '../../test/fake-socket';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

beforeEach(() => {
  resetBrowserState();
  signIn();
});

const LIVE: PaymentsConfig = { simulated: false, paypalClientId: 'pp-client', currency: 'USD', paypal: true, mpesa: true, kesPerUsd: 129 };
const PAYBILL = {
  paymentId: 'pay-pb1',
  businessNumber: '174379',
  accountNumber: '48271630',
  amount: 1289,
  currency: 'KES',
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
};

describe('Lipa na M-Pesa Paybill in the payment dialog', () => {
  it('when the prompt does not come: the STK request is cancelled, the Paybill details are shown large and copyable, and the payment completes live', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/mpesa/stk-push': () => ok({ paymentId: 'pay-stk', checkoutRequestID: 'ws_CO_1', responseCode: '0' }),
      'POST /api/payments/pay-stk/cancel': () => ok({ cancelled: true }),
      'POST /api/payments/mpesa/paybill': () => ok(PAYBILL, 201),
    });
    const onSuccess = vi.fn();
    renderAt(<PaymentModal plan={getPlan('pro')} interval="month" config={LIVE} onClose={vi.fn()} onSuccess={onSuccess} />);
    await userEvent.click(screen.getByRole('radio', { name: /M-Pesa/ }));
    await userEvent.type(screen.getByLabelText('M-Pesa phone number'), '0712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    await screen.findByText(/waiting for you to confirm on your phone/);

    await userEvent.click(screen.getByRole('button', { name: 'No prompt on your phone? Pay by Paybill' }));
    const pane = await screen.findByRole('region', { name: 'Lipa na M-Pesa: Paybill' });
    expect(calls.map((c) => c.path)).toContain('/api/payments/pay-stk/cancel');
    expect(calls.find((c) => c.path === '/api/payments/mpesa/paybill')!.body).toEqual({ planId: 'pro', interval: 'month' });
    expect(screen.getByTestId('paybill-business')).toHaveTextContent('174379');
    expect(screen.getByTestId('paybill-account')).toHaveTextContent('48271630');
    expect(screen.getByTestId('paybill-amount')).toHaveTextContent('KSh 1,289');
    expect(pane).toHaveTextContent('The account number works for 30 more minutes.');

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy : Account number' }));
    expect(writeText).toHaveBeenCalledWith('48271630');
    expect(screen.getByRole('button', { name: 'Copied : Account number' })).toBeInTheDocument();

    act(() =>
      fakeSocket.emitFromServer('payment:updated', {
        paymentId: 'pay-pb1',
        provider: 'mpesa',
        status: 'completed',
        resultCode: '0',
        message: 'Payment received. Your Pro plan is active now.',
        planId: 'pro',
      }),
    );
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  });

  it('an expired account number says so, and another can be asked for', async () => {
    let n = 0;
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/payments/mpesa/paybill': () => ok({ ...PAYBILL, paymentId: `pay-pb${++n}` }, 201),
    });
    renderAt(<PaymentModal plan={getPlan('pro')} interval="month" config={LIVE} onClose={vi.fn()} onSuccess={vi.fn()} />);
    await userEvent.click(screen.getByRole('radio', { name: /M-Pesa/ }));
    await userEvent.click(screen.getByRole('button', { name: 'No prompt on your phone? Pay by Paybill' }));
    await screen.findByTestId('paybill-pane');
    const expired = 'No payment came in time for this account number. Start again to get a new one.';
    act(() =>
      fakeSocket.emitFromServer('payment:updated', {
        paymentId: 'pay-pb1',
        provider: 'mpesa',
        status: 'cancelled',
        resultCode: 'EXPIRED',
        message: expired,
        planId: 'pro',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    await userEvent.click(screen.getByRole('button', { name: 'No prompt on your phone? Pay by Paybill' }));
    await screen.findByTestId('paybill-pane');
    expect(n).toBe(2);
  });
});
