import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getPlan, type BillingDto, type PaymentDto, type PaypalCancellationDto, type RefundNoticeDto } from '@gl/core/types';
import BillingPage from './BillingPage';
import { TEST_USER, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';
import { fakeSocket } from '../../test/fake-socket';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

const PRO = { ...TEST_USER, planId: 'pro' as const };
const now = new Date().toISOString();
const cancellation = (over: Partial<PaypalCancellationDto>): PaypalCancellationDto => ({
  id: '44444444-4444-4444-8444-444444444444',
  providerSubscriptionId: 'I-OLDPROSUB01',
  planId: 'pro',
  reason: 'upgrade',
  status: 'pending',
  createdAt: now,
  cancelledAt: null,
  ...over,
});
const payment = (over: Partial<PaymentDto>): PaymentDto => ({
  id: '55555555-5555-4555-8555-555555555555',
  provider: 'paypal',
  providerRef: 'ORDER1',
  planId: 'business',
  interval: 'month',
  amountMinor: 2999,
  currency: 'USD',
  status: 'completed',
  refundedMinor: 0,
  resultCode: 'COMPLETED',
  resultDesc: null,
  message: '',
  receiptNumber: null,
  accountNumber: null,
  mpesaReceipt: null,
  createdAt: now,
  completedAt: now,
  ...over,
});
const refund: RefundNoticeDto = {
  id: '66666666-6666-4666-8666-666666666666',
  paymentId: '55555555-5555-4555-8555-555555555555',
  kind: 'refund',
  amount: 2999,
  currency: 'USD',
  planId: 'business',
  message: '$29.99 of your Business payment was refunded, so your Business plan has ended. Your Pro plan is back until 2030-01-31.',
  createdAt: now,
};
const billing = (over: Partial<BillingDto>): BillingDto => ({
  currentPlan: getPlan('pro'),
  subscription: {
    id: '77777777-7777-4777-8777-777777777777',
    planId: 'pro',
    interval: 'month',
    status: 'active',
    provider: 'mpesa',
    autoRenew: false,
    currentPeriodEnd: '2030-01-31T00:00:00.000Z',
  },
  scheduled: null,
  receiptsCount: 1,
  paypalCancellations: [],
  refunds: [],
  ...over,
});

beforeEach(() => {
  resetBrowserState();
  signIn(PRO);
});

describe('billing page', () => {
  it('shows an M-Pesa payment in shillings with our receipt number and the M-Pesa confirmation code side by side', async () => {
    mockApi({
      'GET /api/auth/me': () => ok({ user: PRO }),
      'GET /api/billing': () => ok(billing({})),
      'GET /api/payments/history': () =>
        ok({
          payments: [
            payment({
              provider: 'mpesa',
              planId: 'pro',
              amountMinor: 1289,
              currency: 'KES',
              receiptNumber: 'GL-2026-000042',
              accountNumber: '48271630',
              mpesaReceipt: 'QK7ABC1234',
            }),
          ],
        }),
      'GET /api/billing/quote': () => ok(null),
    });
    renderAt(<BillingPage />, { route: '/billing' });
    expect(await screen.findByTestId('payment-codes')).toHaveTextContent('Receipt GL-2026-000042 · M-Pesa code QK7ABC1234');
    expect(screen.getByText(/KSh 1,289/)).toBeInTheDocument();
  });

  it('says when a PayPal subscription left behind is still being cancelled at PayPal, and when it is done (live)', async () => {
    let state = billing({ paypalCancellations: [cancellation({ status: 'pending' })] });
    mockApi({
      'GET /api/auth/me': () => ok({ user: PRO }),
      'GET /api/billing': () => ok(state),
      'GET /api/payments/history': () => ok({ payments: [] }),
      'GET /api/billing/quote': () => ok(null),
    });
    renderAt(<BillingPage />, { route: '/billing' });
    const pending = await screen.findByText(/Cancelling the PayPal subscription of your Pro plan \(I-OLDPROSUB01\) at PayPal…/);
    expect(pending.closest('li')).toHaveAttribute('role', 'status');
    expect(pending).toHaveTextContent(/still active there until PayPal confirms/);

    state = billing({ paypalCancellations: [cancellation({ status: 'cancelled', cancelledAt: now })] });
    act(() => fakeSocket.emitFromServer('subscription:updated', { subscription: null, currentPlan: getPlan('pro') }));
    expect(
      await screen.findByText(/We cancelled the PayPal subscription of your Pro plan \(I-OLDPROSUB01\) at PayPal on/),
    ).toBeInTheDocument();
  });

  it('says when the plan ends or renews, and says no date for a plan granted without an end', async () => {
    let state = billing({});
    mockApi({
      'GET /api/auth/me': () => ok({ user: PRO }),
      'GET /api/billing': () => ok(state),
      'GET /api/payments/history': () => ok({ payments: [] }),
      'GET /api/billing/quote': () => ok(null),
    });
    const first = renderAt(<BillingPage />, { route: '/billing' });
    expect(await screen.findByTestId('billing-period')).toHaveTextContent(/^Ends on January 31, 2030\. Billed monthly with M-Pesa\.$/);
    first.unmount();

    state = billing({ subscription: { ...billing({}).subscription!, currentPeriodEnd: null } });
    renderAt(<BillingPage />, { route: '/billing' });
    expect(await screen.findByTestId('billing-period')).toHaveTextContent(/^Billed monthly with M-Pesa\.$/);
  });

  it('a failed cancellation asks the user to act, and "Try again" asks the server again', async () => {
    let state = billing({ paypalCancellations: [cancellation({ status: 'failed' })] });
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: PRO }),
      'GET /api/billing': () => ok(state),
      'GET /api/payments/history': () => ok({ payments: [] }),
      'GET /api/billing/quote': () => ok(null),
      'POST /api/billing/paypal-cancellations/44444444-4444-4444-8444-444444444444/retry': () => {
        state = billing({ paypalCancellations: [cancellation({ status: 'pending' })] });
        return ok(cancellation({ status: 'pending' }), 202);
      },
    });
    renderAt(<BillingPage />, { route: '/billing' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /could not cancel the PayPal subscription of your Pro plan \(I-OLDPROSUB01\) at PayPal, so PayPal may charge you again/,
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Cancelling the PayPal subscription/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/retry'))).toHaveLength(1);
  });

  it('shows a refund and what it ended, and marks refunded payments in the history (a live refund refreshes both)', async () => {
    let state = billing({});
    let payments = [payment({})];
    mockApi({
      'GET /api/auth/me': () => ok({ user: PRO }),
      'GET /api/billing': () => ok(state),
      'GET /api/payments/history': () => ok({ payments }),
      'GET /api/billing/quote': () => ok(null),
    });
    renderAt(<BillingPage />, { route: '/billing' });
    expect(await screen.findByTestId('payment-status')).toHaveTextContent('Completed');
    expect(screen.queryByTestId('refund-notices')).toBeNull();

    state = billing({ refunds: [refund] });
    payments = [
      payment({ status: 'refunded', refundedMinor: 2999, message: 'Refunded. This payment no longer pays for a plan.' }),
      payment({ id: '88888888-8888-4888-8888-888888888888', planId: 'pro', amountMinor: 999, refundedMinor: 500 }),
    ];
    act(() =>
      fakeSocket.emitFromServer('payment:refunded', {
        paymentId: refund.paymentId,
        kind: 'refund',
        amount: 2999,
        currency: 'USD',
        planId: 'business',
        status: 'refunded',
        message: refund.message,
      }),
    );
    const notices = await screen.findByTestId('refund-notices');
    expect(within(notices).getByRole('heading', { name: 'Refund' })).toBeInTheDocument();
    expect(notices).toHaveTextContent('Your Pro plan is back until 2030-01-31.');
    expect(notices.parentElement).toHaveAttribute('aria-live', 'polite');
    const badges = await screen.findAllByTestId('payment-status');
    expect(badges.map((b) => b.textContent)).toEqual(['Refunded', 'Partly refunded']);
    expect(screen.getByText('$5.00 refunded')).toBeInTheDocument();
    expect(screen.getByText('Refunded. This payment no longer pays for a plan.')).toBeInTheDocument();
  });
});
