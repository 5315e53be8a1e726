import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planPriceCents, type BillingInterval } from '@gl/core/types';
import { useOnline } from '../../platform/app-status';
import { formatMinor } from './billing';
import { formatKsh } from './money';
import { planKes, type PlanOffer } from './plan';
import { errorMessage } from '../../platform/api';
import {
  INITIAL_PAYMENT_STATE,
  PAYMENT_TEXT,
  useCancelPayment,
  failedPaymentMessage,
  paymentModalReducer,
  type CaptureResult,
  type PaymentMethod,
  type PaymentsConfig,
} from './payments';
import Dialog from '../../ui/Dialog';
import { RadioGroup } from '../../ui/forms/RadioGroup';
import { AlertIcon } from '../../ui/icons';
import MpesaPane from './MpesaPane';
import type { PaymentFlow } from './payment-flow';
import PaypalOncePane from './PaypalOncePane';
import PaypalSubscriptionPane from './PaypalSubscriptionPane';

export interface PaymentModalProps {
  plan: PlanOffer;
  interval: BillingInterval;
  config: PaymentsConfig | undefined;
  configError?: boolean;
  onClose(): void;
  onSuccess(result?: CaptureResult): void;
}

type PaypalMode = 'once' | 'renew';

/** The payment modal (spec §2, §4, §8): PayPal (pay once, or renewing automatically) or M-Pesa; success closes it. */
export default function PaymentModal({ plan, interval, config, configError, onClose, onSuccess }: PaymentModalProps) {
  const { t } = useTranslation(['billing', 'catalog']);
  const [state, dispatch] = useReducer(paymentModalReducer, INITIAL_PAYMENT_STATE);
  const planName = t(`catalog:plan.${plan.id}`);
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
    reset: () => dispatch({ type: 'reset' }),
    settle: (outcome) => {
      if (outcome.status === 'completed') succeed();
      else dispatch({ type: 'error', message: failedPaymentMessage(outcome) });
    },
  };

  // What the M-Pesa push charges, from GET /api/plans (absent while only the bundled catalogue is known).
  const kes = planKes(plan, interval);
  const price = (
    <>
      <span className="font-semibold text-slate-900 dark:text-white">{formatMinor(planPriceCents(plan.id, interval), 'USD')}</span>{' '}
      {interval === 'year' ? t('payment.perYear') : t('payment.perMonth')}
      {interval === 'year' && t('payment.yearOff')}
      {kes !== null && <span data-testid="payment-price-kes">{t('payment.kesBeside', { amount: formatKsh(kes) })}</span>}
    </>
  );

  return (
    <Dialog
      title={t('payment.title', { plan: planName })}
      description={price}
      closeLabel={t('payment.close')}
      onClose={onClose}
      dismissOnOutsideClick={false}
    >
      {config?.simulated && (
        <p
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
          data-testid="sandbox-notice"
        >
          <strong>{t('payment.sandboxTitle')}</strong> {t('payment.sandbox')}
        </p>
      )}

      {state.phase === 'success' ? (
        <p
          role="status"
          className="mt-6 rounded-lg bg-emerald-50 px-3 py-3 text-sm font-medium text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200"
        >
          {t('payment.success', { plan: planName })}
        </p>
      ) : (
        <>
          <RadioGroup
            className="mt-6"
            disabled={busy}
            legend={t('payment.method')}
            name="payment-method"
            value={state.method}
            onChange={(method: PaymentMethod) => dispatch({ type: 'method', method })}
            options={[
              { value: 'paypal', label: 'PayPal', hint: t('payment.paypalHint') },
              { value: 'mpesa', label: 'M-Pesa', hint: t('payment.mpesaHint') },
            ]}
            autoFocusValue="paypal"
          />

          {state.method === 'paypal' && (
            <RadioGroup
              className="mt-4"
              disabled={busy}
              legend={t('payment.how')}
              name="paypal-mode"
              value={paypalMode}
              onChange={(mode: PaypalMode) => {
                setPaypalMode(mode);
                dispatch({ type: 'reset' });
              }}
              options={[
                { value: 'once', label: t('payment.once'), hint: interval === 'year' ? t('payment.onceYear') : t('payment.onceMonth') },
                { value: 'renew', label: t('payment.renew'), hint: interval === 'year' ? t('payment.renewYear') : t('payment.renewMonth') },
              ]}
            />
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
                    setNotice(t('payment.otherCancelled'));
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

      <p className="mt-6 text-center text-xs text-slate-600 dark:text-slate-400">{t('payment.guarantee')}</p>
    </Dialog>
  );
}

/**
 * A second upgrade while another upgrade payment is open is refused (the upgrade credit is held by
 * that one): finish it on the phone or at PayPal, or cancel it here and start again.
 */
function OpenPaymentActions({ paymentId, onCancelled, onGone }: { paymentId: string; onCancelled(): void; onGone(message: string): void }) {
  const { t } = useTranslation('billing');
  const cancelling = useCancelPayment();
  const busy = cancelling.isPending;
  const cancel = () =>
    cancelling.mutate(paymentId, {
      onSuccess: (cancelled) => (cancelled ? onCancelled() : onGone(t('payment.alreadyThrough'))),
      onError: (err) => onGone(errorMessage(err, t('payment.cancelFailed'))),
    });
  return (
    <button type="button" className="btn-secondary mt-2 min-h-11 w-full px-4 py-2.5" disabled={busy} onClick={cancel}>
      {busy ? t('payment.cancelling') : t('payment.cancelOther')}
    </button>
  );
}
