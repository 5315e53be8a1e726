import { lazy, Suspense, useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { planPriceCents, type BillingInterval, type Plan, type PaymentStatus } from '@gl/core/types';
import { formatUsdCents } from '../../lib/format';
import {
  INITIAL_PAYMENT_STATE,
  PAYMENT_TEXT,
  capturePaypalOrder,
  createPaypalOrder,
  failedPaymentMessage,
  mpesaInitiationError,
  mpesaStatus,
  mpesaStkPush,
  paymentModalReducer,
  validPhone,
  type CaptureResult,
  type PaymentMethod,
  type PaymentsConfig,
} from '../../lib/payments';
import { useLiveConnection, useLiveEvent, useLiveReconnect } from '../../lib/socket';
import { AlertIcon, CloseIcon, PhoneIcon } from '../icons';

const PayPalSection = lazy(() => import('./PayPalSection'));

interface PaymentUpdate {
  paymentId: string;
  status: PaymentStatus;
  resultCode?: string | null;
  message: string;
}

export interface PaymentModalProps {
  plan: Plan;
  interval: BillingInterval;
  config: PaymentsConfig | undefined;
  configError?: boolean;
  onClose(): void;
  onSuccess(result?: CaptureResult): void;
}

/** The payment modal (spec §2, §4, §8): PayPal by default or M-Pesa; success closes it. */
export default function PaymentModal({ plan, interval, config, configError, onClose, onSuccess }: PaymentModalProps) {
  useLiveConnection();
  const [state, dispatch] = useReducer(paymentModalReducer, INITIAL_PAYMENT_STATE);
  const [phone, setPhone] = useState('');
  const titleId = useId();
  const phoneId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const previousFocus = useRef<Element | null>(null);
  const seen = useRef(new Map<string, PaymentUpdate>());
  const stateRef = useRef(state);
  stateRef.current = state;
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;

  const amountCents = planPriceCents(plan.id, interval);
  const busy = state.phase === 'processing' || state.phase === 'waiting';

  const settle = (p: PaymentUpdate) => {
    if (p.status === 'completed') {
      dispatch({ type: 'success' });
      onSuccessRef.current();
    } else if (p.status === 'failed' || p.status === 'cancelled') {
      dispatch({ type: 'error', message: failedPaymentMessage(p) });
    }
  };

  useLiveEvent('payment:updated', (p) => {
    if (stateRef.current.paymentId === p.paymentId) settle(p);
    else seen.current.set(p.paymentId, p);
  });

  // An update sent while the connection was still opening (or dropped) is not replayed, so every
  // (re)connection re-reads the STK request this modal is waiting for.
  const checkout = useRef<string | null>(null);
  useLiveReconnect(() => {
    const id = checkout.current;
    if (!id || stateRef.current.phase !== 'waiting') return;
    mpesaStatus(id)
      .then((p) => {
        if (stateRef.current.phase === 'waiting' && stateRef.current.paymentId === p.paymentId) settle(p);
      })
      .catch(() => undefined);
  });

  // Focus: into the dialog on open, back to the opener on close; Escape closes; Tab stays inside.
  useEffect(() => {
    previousFocus.current = document.activeElement;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key !== 'Tab' || !panel.current) return;
      const focusable = Array.from(
        panel.current.querySelectorAll<HTMLElement>(
          'button:not([disabled]), input:not([disabled]), a[href], iframe, [tabindex]:not([tabindex="-1"])',
        ),
      );
      if (focusable.length === 0) return;
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      (previousFocus.current as HTMLElement | null)?.focus?.();
    };
  }, [onClose]);

  const captured = (result: CaptureResult) => {
    if (result.status === 'completed') {
      dispatch({ type: 'success' });
      onSuccessRef.current(result);
    } else if (result.status === 'pending') {
      // e.g. an eCheck: the webhook completes it later and payment:updated tells us.
      dispatch({ type: 'waiting', paymentId: result.paymentId, customerMessage: result.message ?? null });
    } else {
      dispatch({ type: 'error', message: result.message || PAYMENT_TEXT.captureFailed });
    }
  };

  const simulatePaypal = async () => {
    dispatch({ type: 'processing' });
    let orderID: string;
    try {
      orderID = (await createPaypalOrder(plan.id as 'pro' | 'business', interval)).orderID;
    } catch {
      dispatch({ type: 'error', message: PAYMENT_TEXT.paypalFailed });
      return;
    }
    try {
      captured(await capturePaypalOrder(orderID, plan.id));
    } catch {
      dispatch({ type: 'error', message: PAYMENT_TEXT.captureFailed });
    }
  };

  const payMpesa = async (e: FormEvent) => {
    e.preventDefault();
    if (!validPhone(phone)) {
      dispatch({ type: 'error', message: PAYMENT_TEXT.phoneInvalid });
      return;
    }
    dispatch({ type: 'processing' });
    try {
      const push = await mpesaStkPush(plan.id, interval, phone.trim());
      if (push.responseCode !== '0') {
        dispatch({ type: 'error', message: push.customerMessage || PAYMENT_TEXT.initiationFailed });
        return;
      }
      checkout.current = push.checkoutRequestID;
      dispatch({ type: 'waiting', paymentId: push.paymentId, customerMessage: push.customerMessage ?? null });
      const early = seen.current.get(push.paymentId);
      if (early) settle(early);
    } catch (err) {
      dispatch({ type: 'error', message: mpesaInitiationError(err) });
    }
  };

  const chooseMethod = (method: PaymentMethod) => dispatch({ type: 'method', method });
  const simulated = config?.simulated === true;

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/70 p-0 backdrop-blur-sm sm:items-center sm:p-4"
      role="presentation"
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-2xl sm:max-w-md sm:rounded-2xl dark:bg-slate-900 dark:ring-1 dark:ring-slate-700"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
              Upgrade to {plan.name}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              <span className="font-semibold text-slate-900 dark:text-white">{formatUsdCents(amountCents)}</span>{' '}
              {interval === 'year' ? 'per year' : 'per month'}
              {interval === 'year' && ' (20% off)'}
            </p>
          </div>
          <button type="button" className="icon-btn -mr-2 -mt-2" onClick={onClose} aria-label="Close payment dialog">
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>

        {simulated && (
          <p
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
            data-testid="sandbox-notice"
          >
            <strong>Sandbox mode:</strong> payments on this server are simulated. No real money moves and no PayPal or M-Pesa account is
            charged.
          </p>
        )}

        {state.phase === 'success' ? (
          <p
            role="status"
            className="mt-6 rounded-lg bg-emerald-50 px-3 py-3 text-sm font-medium text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200"
          >
            Payment complete. Welcome to {plan.name}!
          </p>
        ) : (
          <>
            <fieldset className="mt-6" disabled={busy}>
              <legend className="field-label">Payment method</legend>
              <div className="grid grid-cols-2 gap-2">
                {(
                  [
                    ['paypal', 'PayPal', 'Card or PayPal balance'],
                    ['mpesa', 'M-Pesa', 'Mobile money'],
                  ] as const
                ).map(([id, label, hint]) => (
                  <label
                    key={id}
                    className={`cursor-pointer rounded-xl border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-500 ${
                      state.method === id
                        ? 'border-violet-500 bg-violet-50 dark:border-violet-400 dark:bg-violet-500/15'
                        : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600'
                    }`}
                  >
                    <input
                      type="radio"
                      name="payment-method"
                      value={id}
                      className="sr-only"
                      checked={state.method === id}
                      onChange={() => chooseMethod(id)}
                      data-autofocus={id === 'paypal' ? true : undefined}
                    />
                    <span className="block font-semibold text-slate-900 dark:text-white">{label}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{hint}</span>
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="mt-5">
              {state.method === 'paypal' ? (
                simulated ? (
                  <button type="button" className="btn-primary w-full py-2.5" onClick={() => void simulatePaypal()} disabled={busy}>
                    {state.phase === 'processing' ? 'Processing payment...' : 'Simulate PayPal approval'}
                  </button>
                ) : config?.paypalClientId ? (
                  <div className={busy ? 'pointer-events-none opacity-60' : ''}>
                    <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading PayPal...</p>}>
                      <PayPalSection
                        clientId={config.paypalClientId}
                        planId={plan.id}
                        interval={interval}
                        onProcessing={() => dispatch({ type: 'processing' })}
                        onCaptured={captured}
                        onError={(message) => dispatch({ type: 'error', message })}
                      />
                    </Suspense>
                    {state.phase === 'processing' && (
                      <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                        Processing payment...
                      </p>
                    )}
                  </div>
                ) : (
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {config || configError
                      ? 'PayPal is not available right now. Please try M-Pesa or come back later.'
                      : 'Loading PayPal...'}
                  </p>
                )
              ) : state.phase === 'waiting' ? (
                <div
                  role="status"
                  className="flex items-start gap-3 rounded-xl bg-violet-50 p-4 text-sm text-violet-900 dark:bg-violet-500/10 dark:text-violet-100"
                >
                  <span
                    className="mt-0.5 h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-violet-500 border-t-transparent"
                    aria-hidden="true"
                  />
                  <div>
                    <p className="font-semibold">Request sent: {PAYMENT_TEXT.waiting}.</p>
                    <p className="mt-1 text-violet-800 dark:text-violet-200">
                      {simulated
                        ? 'The sandbox confirms by itself in a few seconds.'
                        : 'Enter your M-Pesa PIN when the prompt appears. This page updates as soon as the payment goes through.'}
                    </p>
                  </div>
                </div>
              ) : (
                <form onSubmit={(e) => void payMpesa(e)} noValidate>
                  <label htmlFor={phoneId} className="field-label">
                    M-Pesa phone number
                  </label>
                  <div className="relative">
                    <PhoneIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
                    <input
                      id={phoneId}
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel"
                      className="field pl-9"
                      placeholder="e.g. 0712 345 678"
                      maxLength={20}
                      value={phone}
                      onChange={(e) => setPhone(e.target.value)}
                      disabled={busy}
                    />
                  </div>
                  <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
                    You will get a prompt on this phone to confirm
                    {config?.kesPerUsd ? `, charged in Kenyan shillings at KES ${config.kesPerUsd} per US dollar.` : '.'}
                  </p>
                  <button type="submit" className="btn-primary mt-4 w-full py-2.5" disabled={busy}>
                    {state.phase === 'processing' ? 'Sending request...' : 'Pay with M-Pesa'}
                  </button>
                </form>
              )}
            </div>

            {state.phase === 'error' && state.error && (
              <p
                role="alert"
                className="mt-4 flex items-start gap-2 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-200"
              >
                <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
                {state.error}
              </p>
            )}
          </>
        )}

        <p className="mt-6 text-center text-xs text-slate-600 dark:text-slate-400">
          30-day money-back guarantee. Plan changes take effect immediately.
        </p>
      </div>
    </div>
  );
}
