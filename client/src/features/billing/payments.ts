import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  BillingInterval,
  MpesaPaybillDto,
  MpesaStatusDto,
  MpesaStkPushDto,
  PaymentStatus,
  PaymentsConfigDto,
  PaypalCaptureDto,
  PaypalOrderDto,
  Plan,
  PlanId,
  SubscriptionsDto,
} from '@gl/core/types';
import { ApiError, api } from '../../platform/api';
import { i18n } from '../../platform/i18n/i18n';

/** How long an outcome no view waits for yet is kept (the push's answer comes long before). */
export const EARLY_OUTCOME_KEEP_MS = 5 * 60_000;

/** The payments feature's query keys (billing's own page data is under `billingKey`, billing.ts). */
export const paymentKeys = {
  config: () => ['payments-config'] as const,
  subscriptions: (userId: string | undefined) => ['subscriptions', userId ?? 'none'] as const,
  allSubscriptions: () => ['subscriptions'] as const,
  /** A payment's final outcome, written by `payment:updated` and the re-read (use-payment-updates.ts). */
  outcomes: () => ['payment-outcome'] as const,
  outcome: (paymentId: string | null) => ['payment-outcome', paymentId ?? 'none'] as const,
  mpesaStatus: (checkoutRequestID: string) => ['mpesa-status', checkoutRequestID] as const,
  history: () => ['payment-history'] as const,
};

/** GET /api/payments/config: real PayPal buttons, or the sandbox simulation. */
export type PaymentsConfig = PaymentsConfigDto;

export function usePaymentsConfig(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.config(),
    queryFn: () => api('/payments/config', { sessionHandling: false }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

export type SubscriptionsState = SubscriptionsDto;

export function useSubscriptions(userId: string | undefined) {
  return useQuery({
    queryKey: paymentKeys.subscriptions(userId),
    enabled: Boolean(userId),
    queryFn: () => api('/subscriptions'),
  });
}

/** Writes a subscription (new or changed) and the plan now in force into the cached list. */
export function useStoreSubscription(): (
  userId: string,
  subscription: SubscriptionsDto['subscriptions'][number] | null | undefined,
  currentPlan: Plan,
) => void {
  const client = useQueryClient();
  return useCallback(
    (userId, subscription, currentPlan) =>
      client.setQueryData<SubscriptionsState>(paymentKeys.subscriptions(userId), (old) => ({
        subscriptions: subscription
          ? [subscription, ...(old?.subscriptions ?? []).filter((s) => s.id !== subscription.id)]
          : (old?.subscriptions ?? []),
        currentPlan,
      })),
    [client],
  );
}

/** Reads every subscription list again (a payment went through; the server has the last word). */
export function useRefreshSubscriptions(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: paymentKeys.allSubscriptions() }), [client]);
}

/** The texts a buyer sees, word for word (the server's payment messages say the same). */
/** How a payment ended, as `payment:updated` (or a re-read of it) tells. */
export interface PaymentOutcome {
  paymentId: string;
  status: PaymentStatus;
  resultCode?: string | null;
  message: string;
}

/** The payment messages, in the interface's language (read when shown). */
export const PAYMENT_TEXT = {
  get paypalFailed() {
    return i18n.t('billing:payment.text.paypalFailed');
  },
  get captureFailed() {
    return i18n.t('billing:payment.text.captureFailed');
  },
  get phoneInvalid() {
    return i18n.t('billing:payment.text.phoneInvalid');
  },
  get initiationFailed() {
    return i18n.t('billing:payment.text.initiationFailed');
  },
  get cancelledByUser() {
    return i18n.t('billing:payment.text.cancelledByUser');
  },
  get mpesaFailed() {
    return i18n.t('billing:payment.text.mpesaFailed');
  },
  get verificationFailed() {
    return i18n.t('billing:payment.text.verificationFailed');
  },
  get waiting() {
    return i18n.t('billing:payment.text.waiting');
  },
  get subscriptionFailed() {
    return i18n.t('billing:payment.text.subscriptionFailed');
  },
  get offline() {
    return i18n.t('billing:payment.text.offline');
  },
};

export type PaymentMethod = 'paypal' | 'mpesa';

export interface PaymentModalState {
  method: PaymentMethod;
  phase: 'choose' | 'processing' | 'waiting' | 'error' | 'success';
  error: string | null;
  /** The payment this modal started (M-Pesa), to match payment:updated. */
  paymentId: string | null;
  customerMessage: string | null;
  /** Another open upgrade payment that holds the credit (the 409 named it): the modal offers to cancel it. */
  pendingPaymentId: string | null;
}

export type PaymentModalAction =
  | { type: 'method'; method: PaymentMethod }
  | { type: 'processing' }
  | { type: 'waiting'; paymentId: string; customerMessage: string | null }
  | { type: 'error'; message: string; pendingPaymentId?: string | null }
  | { type: 'success' }
  | { type: 'reset' };

export const INITIAL_PAYMENT_STATE: PaymentModalState = {
  method: 'paypal',
  phase: 'choose',
  error: null,
  paymentId: null,
  customerMessage: null,
  pendingPaymentId: null,
};

/** The payment modal's state machine: method chosen, processing, waiting, error, or success. */
export function paymentModalReducer(state: PaymentModalState, action: PaymentModalAction): PaymentModalState {
  switch (action.type) {
    case 'method':
      if (state.phase === 'processing' || state.phase === 'waiting') return state;
      return { ...INITIAL_PAYMENT_STATE, method: action.method };
    case 'processing':
      return { ...state, phase: 'processing', error: null, pendingPaymentId: null };
    case 'waiting':
      return { ...state, phase: 'waiting', paymentId: action.paymentId, customerMessage: action.customerMessage, error: null };
    case 'error':
      return { ...state, phase: 'error', error: action.message, pendingPaymentId: action.pendingPaymentId ?? null };
    case 'success':
      return { ...state, phase: 'success', error: null };
    case 'reset':
      return { ...INITIAL_PAYMENT_STATE, method: state.method };
  }
}

/** The message for a payment that ended without success (server text first, spec fallbacks). */
export function failedPaymentMessage(p: { status: PaymentStatus; resultCode?: string | null; message?: string }): string {
  if (p.message) return p.message;
  if (p.resultCode === '1032') return PAYMENT_TEXT.cancelledByUser;
  return PAYMENT_TEXT.mpesaFailed;
}

/** A phone number empty or shorter than 10 characters is refused before anything is sent. */
export function validPhone(phone: string): boolean {
  return phone.trim().length >= 10;
}

/** The M-Pesa initiation error: Daraja's customer message, our validation text, or 'Payment initiation failed'. */
export function mpesaInitiationError(err: unknown): string {
  if (err instanceof ApiError) {
    const customer = err.extra.customerMessage;
    if (typeof customer === 'string' && customer) return customer;
    if (err.code === 'VALIDATION_FAILED' || err.code === 'RATE_LIMITED' || err.code === 'CONFLICT') return err.message;
  }
  return PAYMENT_TEXT.initiationFailed;
}

export type CaptureResult = PaypalCaptureDto;

/** "Pay once" with PayPal: our server creates the order (the amount from the catalogue), then captures it once approved. */
export function usePaypalOrder() {
  const create = useMutation({
    mutationFn: ({ planId, interval }: { planId: PlanId; interval: BillingInterval }): Promise<PaypalOrderDto> =>
      api('/payments/paypal/create-order', { method: 'POST', body: { planId, interval } }),
  });
  const capture = useMutation({
    mutationFn: ({ orderID, planId }: { orderID: string; planId: PlanId }): Promise<CaptureResult> =>
      api('/payments/paypal/capture-order', { method: 'POST', body: { orderID, planId } }),
  });
  return { create, capture };
}

export interface PaypalSubscriptionCreated {
  subscriptionID: string;
  approveUrl: string | null;
  paymentId: string;
}

/** POST /payments/paypal/create-subscription: an auto-renewing subscription at PayPal, waiting for the buyer's approval. */
export function useCreatePaypalSubscription() {
  return useMutation({
    mutationFn: ({ planId, interval }: { planId: PlanId; interval: BillingInterval }): Promise<PaypalSubscriptionCreated> =>
      api('/payments/paypal/create-subscription', { method: 'POST', body: { planId, interval } }),
  });
}

/** POST /payments/paypal/confirm-subscription: the server reads it back from PayPal and activates the plan. */
export function useConfirmPaypalSubscription() {
  return useMutation({
    mutationFn: async ({ subscriptionID, paymentId }: { subscriptionID: string; paymentId: string }): Promise<CaptureResult> => {
      const r = await api('/payments/paypal/confirm-subscription', {
        method: 'POST',
        body: { subscriptionID },
      });
      return { id: subscriptionID, paymentId, status: 'completed', message: '', subscription: r.subscription, currentPlan: r.currentPlan };
    },
  });
}

/**
 * The other open upgrade payment a 409 names (`pendingPaymentId`): the upgrade credit is held by it,
 * so a second upgrade waits until it is finished or cancelled.
 */
export function pendingPaymentOf(err: unknown): string | null {
  if (err instanceof ApiError && err.status === 409 && typeof err.extra.pendingPaymentId === 'string') return err.extra.pendingPaymentId;
  return null;
}

/** Cancelling another open upgrade payment (the answer: true when it was still pending and is cancelled now). */
export function useCancelPayment() {
  return useMutation({
    mutationFn: async (paymentId: string): Promise<boolean> =>
      (await api(`/payments/${encodeURIComponent(paymentId)}/cancel`, { method: 'POST', body: {} })).cancelled,
  });
}

/** The server's own words when it refused for a reason the buyer can act on, else `fallback`. */
export function paymentErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && (err.status === 409 || err.status === 503 || err.code === 'RATE_LIMITED')) return err.message;
  return fallback;
}

/**
 * The re-read of an STK request's stored state for `usePaymentUpdates` (on every (re)connection of
 * the live socket, so a missed event is not lost), through the query cache; null without a request.
 */
export function useMpesaStatusReread(checkoutRequestID: string | null): (() => Promise<MpesaStatusDto>) | null {
  const client = useQueryClient();
  if (!checkoutRequestID) return null;
  return () =>
    client.fetchQuery({
      queryKey: paymentKeys.mpesaStatus(checkoutRequestID),
      queryFn: () => api(`/payments/mpesa/status/${encodeURIComponent(checkoutRequestID)}`),
      staleTime: 0,
      retry: false,
    });
}

/** POST /payments/mpesa/paybill: a payment to pay from the M-Pesa menu (Lipa na M-Pesa, Paybill) with its own account number. */
export function useMpesaPaybill() {
  return useMutation({
    mutationFn: ({ planId, interval }: { planId: PlanId; interval: BillingInterval }): Promise<MpesaPaybillDto> =>
      api('/payments/mpesa/paybill', { method: 'POST', body: { planId, interval } }),
  });
}

/**
 * The re-read of a payment's stored state from the history, for `usePaymentUpdates` (a Paybill
 * payment has no STK request to ask about), through the query cache.
 */
export function usePaymentOutcomeReread(paymentId: string): () => Promise<PaymentOutcome> {
  const client = useQueryClient();
  return async () => {
    const { payments } = await client.fetchQuery({
      queryKey: paymentKeys.history(),
      queryFn: () => api('/payments/history'),
      staleTime: 0,
      retry: false,
    });
    const p = payments.find((x) => x.id === paymentId);
    if (!p) throw new Error('payment not found');
    return { paymentId: p.id, status: p.status, resultCode: p.resultCode, message: p.message };
  };
}

export function useMpesaStkPush() {
  return useMutation({
    mutationFn: ({
      planId,
      interval,
      phoneNumber,
    }: {
      planId: PlanId;
      interval: BillingInterval;
      phoneNumber: string;
    }): Promise<MpesaStkPushDto> => api('/payments/mpesa/stk-push', { method: 'POST', body: { planId, interval, phoneNumber } }),
  });
}
