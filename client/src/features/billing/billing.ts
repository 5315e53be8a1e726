import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BillingInterval, PaymentDto, PaypalCancellationDto, PlanId } from '@gl/core/types';
import { api, apiResponse } from '../../platform/api';
import { i18n } from '../../platform/i18n/i18n';
import { useLiveEvent } from '../../platform/socket';

export const billingKey = (userId: string) => ['billing', userId] as const;

/** GET /billing, kept fresh by `subscription:updated`, `payment:updated` and `payment:refunded`. */
export function useBilling(userId: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: billingKey(userId) });
  useLiveEvent('subscription:updated', refresh);
  useLiveEvent('payment:updated', refresh);
  useLiveEvent('payment:refunded', refresh);
  return useQuery({ queryKey: billingKey(userId), queryFn: () => api('/billing') });
}

export function usePaymentHistory(userId: string) {
  return useQuery({
    queryKey: [...billingKey(userId), 'history'],
    queryFn: async () => (await api('/payments/history')).payments,
  });
}

/** What moving to a higher plan costs now (null when there is nothing to quote). */
export function useUpgradeQuote(userId: string, planId: PlanId | null, interval: BillingInterval) {
  return useQuery({
    queryKey: [...billingKey(userId), 'quote', planId, interval],
    queryFn: () => api(`/billing/quote?planId=${planId}&interval=${interval}`),
    enabled: planId !== null,
  });
}

/**
 * Opens the printable receipt (the request needs the session, so it is fetched, then shown as a
 * page). The tab is opened at the click itself, before the request, so a popup blocker lets it be.
 */
export function useOpenReceipt(): (paymentId: string) => void {
  const { mutate } = useMutation({
    mutationFn: async ({ paymentId, tab }: { paymentId: string; tab: Window | null }) => {
      const res = await apiResponse(`/payments/${paymentId}/receipt?format=html`);
      const url = URL.createObjectURL(new Blob([await res.text()], { type: 'text/html' }));
      if (tab) tab.location.href = url;
      else window.location.href = url;
    },
  });
  return useCallback((paymentId: string) => mutate({ paymentId, tab: window.open('', '_blank') }), [mutate]);
}

/** Money, written the same in both languages: 999 USD → "$9.99"; 1289 KES (whole shillings) → "KSh 1,289". */
export { formatMinor } from './money';

/** POST /billing/paypal-cancellations/{id}/retry: asks PayPal again after a cancellation failed. */
export function retryPaypalCancellation(id: string): Promise<PaypalCancellationDto> {
  return api(`/billing/paypal-cancellations/${encodeURIComponent(id)}/retry`, { method: 'POST', body: {} });
}

/** Turning a subscription's auto-renew off (cancel at period end) or back on; billing is read again after. */
export function useAutoRenewToggle(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, autoRenew }: { id: string; autoRenew: boolean }) =>
      autoRenew
        ? api(`/subscriptions/${id}/cancel`, { method: 'POST', body: {} })
        : api(`/subscriptions/${id}/resume`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey(userId) }),
  });
}

/** Retrying a failed PayPal cancellation (`variables` is the one being retried); billing is read again after. */
export function usePaypalCancellationRetry(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPaypalCancellation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey(userId) }),
  });
}

/** How a payment stands, in a word or two (the payment history's badge). */
export function paymentStatusLabel(p: Pick<PaymentDto, 'status' | 'refundedMinor'>): string {
  switch (p.status) {
    case 'completed':
      return i18n.t(p.refundedMinor > 0 ? 'billing:page.status.partlyRefunded' : 'billing:page.status.completed');
    case 'refunded':
      return i18n.t('billing:page.status.refunded');
    case 'pending':
      return i18n.t('billing:page.status.pending');
    case 'failed':
      return i18n.t('billing:page.status.failed');
    default:
      return i18n.t('billing:page.status.cancelled');
  }
}
