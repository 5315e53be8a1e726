import { useState } from 'react';
import type { PaymentStatus } from '@gl/core/types';
import { useLiveConnection, useLiveEvent, useLiveReconnect } from '../../platform/socket';

/** How a payment ended, as `payment:updated` (or a re-read of it) tells. */
export interface PaymentOutcome {
  paymentId: string;
  status: PaymentStatus;
  resultCode?: string | null;
  message: string;
}

const isFinal = (s: PaymentStatus) => s === 'completed' || s === 'failed' || s === 'cancelled';

/**
 * The outcome of one payment, live: `payment:updated` events for `paymentId` (also one that
 * arrived before the id was known, e.g. while the STK push request was still answering), and on
 * every (re)connection of the live socket a `reread()` of the stored state, because an event sent
 * while the connection was opening or down is not replayed. Null while it is still pending, or
 * when `paymentId` is null.
 */
export function usePaymentUpdates(paymentId: string | null, reread?: (() => Promise<PaymentOutcome>) | null): PaymentOutcome | null {
  useLiveConnection();
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, PaymentOutcome>>(() => new Map());
  const record = (p: PaymentOutcome) => {
    if (!isFinal(p.status)) return;
    setOutcomes((m) => (m.has(p.paymentId) ? m : new Map(m).set(p.paymentId, p)));
  };

  useLiveEvent('payment:updated', record);
  useLiveReconnect(() => {
    if (!paymentId || !reread || outcomes.has(paymentId)) return;
    reread()
      .then((p) => {
        if (p.paymentId === paymentId) record(p);
      })
      .catch(() => undefined);
  });

  return paymentId ? (outcomes.get(paymentId) ?? null) : null;
}
