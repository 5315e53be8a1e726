import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClientProvider, notifyManager } from '@tanstack/react-query';
import { act, renderHook as render, waitFor } from '@testing-library/react';
import { createQueryClient } from '../../platform/query-client';
import { fakeSocket } from '../../test/fake-socket';
import { live } from '../../platform/socket';
import { usePaymentUpdates, type PaymentOutcome } from './use-payment-updates';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

const event = (paymentId: string, status: PaymentOutcome['status'], message = '') => ({
  paymentId,
  provider: 'mpesa' as const,
  status,
  resultCode: status === 'cancelled' ? '1032' : null,
  message,
  planId: 'pro',
});

// The cache tells its observers at once (not on the next tick), so each act() shows what an event changed.
notifyManager.setScheduler((cb) => cb());

/** Each test with its own query cache, where the outcomes are kept. */
function renderHook<Result, Props>(hook: (props: Props) => Result, options: { initialProps?: Props } = {}) {
  const client = createQueryClient({ queries: { retry: false } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(hook, { ...options, wrapper });
}

/** The live connection loads socket.io-client lazily: wait until our handlers are on the (fake) socket. */
async function connected() {
  await act(() => live.ready());
}

describe('usePaymentUpdates', () => {
  it("gives its own payment's final outcome only: not another payment's, not a pending update", async () => {
    const { result } = renderHook(() => usePaymentUpdates('pay-1'));
    await connected();
    act(() => fakeSocket.emitFromServer('payment:updated', event('pay-2', 'completed')));
    act(() => fakeSocket.emitFromServer('payment:updated', event('pay-1', 'pending')));
    expect(result.current).toBeNull();
    act(() => fakeSocket.emitFromServer('payment:updated', event('pay-1', 'cancelled', 'Payment cancelled by user')));
    expect(result.current).toMatchObject({ paymentId: 'pay-1', status: 'cancelled', message: 'Payment cancelled by user' });
  });

  it('an outcome that arrived before the payment id was known (the push still answering) is not lost', async () => {
    const { result, rerender } = renderHook(({ id }: { id: string | null }) => usePaymentUpdates(id), {
      initialProps: { id: null as string | null },
    });
    await connected();
    act(() => fakeSocket.emitFromServer('payment:updated', event('pay-3', 'completed')));
    expect(result.current).toBeNull();
    rerender({ id: 'pay-3' });
    expect(result.current).toMatchObject({ paymentId: 'pay-3', status: 'completed' });
    // A later duplicate does not replace the first outcome (the caller acts on it once).
    const first = result.current;
    act(() => fakeSocket.emitFromServer('payment:updated', event('pay-3', 'completed')));
    expect(result.current).toBe(first);
  });

  it('every (re)connection re-reads a payment still waiting; nothing is read without one', async () => {
    let stored: PaymentOutcome = { paymentId: 'pay-4', status: 'pending', resultCode: null, message: '' };
    const reread = vi.fn(async () => stored);
    const { result, rerender } = renderHook(({ id }: { id: string | null }) => usePaymentUpdates(id, reread), {
      initialProps: { id: null as string | null },
    });
    await connected();
    act(() => fakeSocket.emitFromServer('connect'));
    expect(reread).not.toHaveBeenCalled();

    rerender({ id: 'pay-4' });
    act(() => fakeSocket.emitFromServer('connect'));
    await waitFor(() => expect(reread).toHaveBeenCalledTimes(1));
    expect(result.current).toBeNull();

    // The result came while the connection was down: the next connection reads it.
    stored = { paymentId: 'pay-4', status: 'failed', resultCode: '2001', message: 'Payment failed. Please try again.' };
    act(() => fakeSocket.emitFromServer('connect'));
    await waitFor(() => expect(result.current).toMatchObject({ paymentId: 'pay-4', status: 'failed' }));

    // Known now: no more reads.
    act(() => fakeSocket.emitFromServer('connect'));
    expect(reread).toHaveBeenCalledTimes(2);
  });

  it('a re-read that fails (offline, 5xx) keeps waiting', async () => {
    const reread = vi.fn(async (): Promise<PaymentOutcome> => {
      throw new Error('network');
    });
    const { result } = renderHook(() => usePaymentUpdates('pay-5', reread));
    await connected();
    act(() => fakeSocket.emitFromServer('connect'));
    await waitFor(() => expect(reread).toHaveBeenCalled());
    expect(result.current).toBeNull();
  });
});
