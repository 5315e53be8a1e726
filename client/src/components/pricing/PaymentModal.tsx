import { useReducer, useState } from 'react';
import { planPriceCents, type BillingInterval, type Plan } from '@gl/core/types';
import { useOnline } from '../../lib/app-status';
import { formatUsdCents } from '../../lib/format';
import { errorMessage } from '../../lib/api';
import {
  INITIAL_PAYMENT_STATE,
  PAYMENT_TEXT,
  cancelPayment,
  failedPaymentMessage,
  paymentModalReducer,
  type CaptureResult,
  type PaymentMethod,
  type PaymentsConfig,
} from '../../lib/payments';
import Dialog from '../Dialog';
import { AlertIcon } from '../icons';
import MpesaPane from './MpesaPane';
import type { PaymentFlow } from './payment-flow';
import PaypalOncePane from './PaypalOncePane';
import PaypalSubscriptionPane from './PaypalSubscriptionPane';

export interface PaymentModalProps {
  plan: Plan;
  interval: BillingInterval;
  config: PaymentsConfig | undefined;
  configError?: boolean;
  onClose(): void;
  onSuccess(result?: CaptureResult): void;
}

type PaypalMode = 'once' | 'renew';

const METHODS = [
  ['paypal', 'PayPal', 'Card or PayPal balance'],
  ['mpesa', 'M-Pesa', 'Mobile money'],
] as const;

/** The payment modal (spec §2, §4, §8): PayPal (pay once, or renewing automatically) or M-Pesa; success closes it. */
export default function PaymentModal({ plan, interval, config, configError, onClose, onSuccess }: PaymentModalProps) {
  const [state, dispatch] = useReducer(paymentModalReducer, INITIAL_PAYMENT_STATE);
  const [paypalMode, setPaypalMode] = useState<PaypalMode>('once');
  const [notice, setNotice] = useState<string | null>(null);
  const offline = !useOnline();
  const busy = state.phase === 'processing' || state.phase === 'waiting';

  const succeed = (result?: CaptureResult) => {
    dispatch({ type: 'success' });
    onSuccess(result);
  };
  const flow: PaymentFlow = {
    plan,
    interval,
    config,
    configError: configError === true,
    phase: state.phase,
    paymentId: state.paymentId,
    busy,
    offline,
    processing: () => {
      setNotice(null);
      dispatch({ type: 'processing' });
    },
    waiting: (paymentId, customerMessage = null) => dispatch({ type: 'waiting', paymentId, customerMessage }),
    fail: (message, pendingPaymentId) => dispatch({ type: 'error', message, pendingPaymentId }),
    succeed,
    settle: (outcome) => {
      if (outcome.status === 'completed') succeed();
      else dispatch({ type: 'error', message: failedPaymentMessage(outcome) });
    },
  };

  const price = (
    <>
      <span className="font-semibold text-slate-900 dark:text-white">{formatUsdCents(planPriceCents(plan.id, interval))}</span>{' '}
      {interval === 'year' ? 'per year' : 'per month'}
      {interval === 'year' && ' (20% off)'}
    </>
  );

  return (
    <Dialog
      title={`Upgrade to ${plan.name}`}
      description={price}
      closeLabel="Close payment dialog"
      onClose={onClose}
      dismissOnOutsideClick={false}
    >
      {config?.simulated && (
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
            <Choices
              name="payment-method"
              value={state.method}
              onChange={(method: PaymentMethod) => dispatch({ type: 'method', method })}
              options={METHODS}
              autofocus="paypal"
            />
          </fieldset>

          {state.method === 'paypal' && (
            <fieldset className="mt-4" disabled={busy}>
              <legend className="field-label">How to pay</legend>
              <Choices
                name="paypal-mode"
                value={paypalMode}
                onChange={(mode: PaypalMode) => {
                  setPaypalMode(mode);
                  dispatch({ type: 'reset' });
                }}
                options={[
                  ['once', 'Pay once', `One payment for ${interval === 'year' ? 'a year' : 'a month'}`],
                  ['renew', 'Renews automatically', `Billed ${interval === 'year' ? 'yearly' : 'monthly'} until you stop it`],
                ]}
              />
            </fieldset>
          )}

          {offline && (
            <p
              role="status"
              data-testid="payment-offline"
              className="mt-5 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm font-medium text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
            >
              {PAYMENT_TEXT.offline}
            </p>
          )}

          <div className="mt-5">
            {state.method === 'mpesa' ? (
              <MpesaPane flow={flow} />
            ) : paypalMode === 'renew' ? (
              <PaypalSubscriptionPane flow={flow} />
            ) : (
              <PaypalOncePane flow={flow} />
            )}
          </div>

          {state.phase === 'error' && state.error && (
            <div role="alert" className="mt-4 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-200">
              <p className="flex items-start gap-2">
                <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
                {state.error}
              </p>
              {state.pendingPaymentId && (
                <OpenPaymentActions
                  paymentId={state.pendingPaymentId}
                  onCancelled={() => {
                    dispatch({ type: 'reset' });
                    setNotice('The other payment is cancelled. You can pay now.');
                  }}
                  onGone={(message) => dispatch({ type: 'error', message })}
                />
              )}
            </div>
          )}
          {notice && state.phase === 'choose' && (
            <p
              role="status"
              className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200"
            >
              {notice}
            </p>
          )}
        </>
      )}

      <p className="mt-6 text-center text-xs text-slate-600 dark:text-slate-400">
        30-day money-back guarantee. Plan changes take effect immediately.
      </p>
    </Dialog>
  );
}

/**
 * A second upgrade while another upgrade payment is open is refused (the upgrade credit is held by
 * that one): finish it on the phone or at PayPal, or cancel it here and start again.
 */
function OpenPaymentActions({ paymentId, onCancelled, onGone }: { paymentId: string; onCancelled(): void; onGone(message: string): void }) {
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      if (await cancelPayment(paymentId)) onCancelled();
      else onGone('That payment has already gone through. Close this window to see your plan.');
    } catch (err) {
      onGone(errorMessage(err, 'The other payment could not be cancelled. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn-secondary mt-2 min-h-11 w-full px-4 py-2.5" disabled={busy} onClick={() => void cancel()}>
      {busy ? 'Cancelling…' : 'Cancel that payment and start again'}
    </button>
  );
}

/** Two or more radio cards (visually a segmented choice; a real radio group for keyboards and screen readers). */
function Choices<T extends string>({
  name,
  value,
  onChange,
  options,
  autofocus,
}: {
  name: string;
  value: T;
  onChange(value: T): void;
  options: ReadonlyArray<readonly [T, string, string]>;
  autofocus?: T;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      {options.map(([id, label, hint]) => (
        <label
          key={id}
          className={`cursor-pointer rounded-xl border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-500 ${
            value === id
              ? 'border-violet-500 bg-violet-50 dark:border-violet-400 dark:bg-violet-500/15'
              : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600'
          }`}
        >
          <input
            type="radio"
            name={name}
            value={id}
            className="sr-only"
            checked={value === id}
            onChange={() => onChange(id)}
            data-autofocus={id === autofocus ? true : undefined}
          />
          <span className="block font-semibold text-slate-900 dark:text-white">{label}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">{hint}</span>
        </label>
      ))}
    </div>
  );
}
