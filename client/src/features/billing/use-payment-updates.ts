import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentStatus } from '@gl/core/types';
import { useLiveConnection, useLiveEvent, useLiveReconnect } from '../../platform/socket';
import { useState } from 'react';
import { EARLY_OUTCOME_KEEP_MS, paymentKeys, type PaymentOutcome } from './payments';

export type { PaymentOutcome };

const isFinal = (s: PaymentStatus) => s === 'completed' || s === 'failed' || s === 'cancelled';

/**
 * The outcome of one payment, live, held in the query cache (`paymentKeys.outcome(id)`): every
 * `payment:updated` event for a final status is written there by payment id (also one that arrived
 * before the id was known, e.g. while the STK push request was still answering), and on every
 * (re)connection of the live socket a `reread()` of the stored state, because an event sent while
 * the connection was opening or down is not replayed. The first final outcome stays (the caller
 * acts on it once). Null while it is still pending, or when `paymentId` is null.
 */
export function usePaymentUpdates(paymentId: string | null, reread?: (() => Promise<PaymentOutcome>) | null): PaymentOutcome | null {
  useLiveConnection();
  const client = useQueryClient();
  // An outcome that beat the payment id has no view on it yet: it stays in the cache meanwhile.
  useState(() => client.setQueryDefaults(paymentKeys.outcomes(), { gcTime: EARLY_OUTCOME_KEEP_MS }));
  const record = (p: PaymentOutcome) => {
    if (!isFinal(p.status)) return;
    client.setQueryData<PaymentOutcome>(paymentKeys.outcome(p.paymentId), (old) => old ?? p);
  };
  // Written only by the socket and the re-read: the query itself never fetches.
  const { data } = useQuery<PaymentOutcome>({ queryKey: paymentKeys.outcome(paymentId), queryFn: skipToken, staleTime: Infinity });

  useLiveEvent('payment:updated', record);
  useLiveReconnect(() => {
    if (!paymentId || !reread || client.getQueryData(paymentKeys.outcome(paymentId))) return;
    reread()
      .then((p) => {
        if (p.paymentId === paymentId) record(p);
      })
      .catch(() => undefined);
  });

  return paymentId ? (data ?? null) : null;
}
