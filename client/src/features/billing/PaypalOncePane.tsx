import { Suspense, useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_TEXT, paymentErrorMessage, pendingPaymentOf, usePaypalOrder, type CaptureResult } from './payments';
import { usePaymentUpdates } from './use-payment-updates';
import type { PaymentFlow } from './payment-flow';
import { lazyChunk } from '../../platform/lazy-page';

const PayPalOrderButtons = lazyChunk(() => import('./PayPalOrderButtons'));

/** The result of a capture: paid, pending (e.g. an eCheck: the webhook completes it later), or refused. */
export function applyCapture(flow: PaymentFlow, result: CaptureResult): void {
  if (result.status === 'completed') flow.succeed(result);
  else if (result.status === 'pending') flow.waiting(result.paymentId, result.message ?? null);
  else flow.fail(result.message || PAYMENT_TEXT.captureFailed);
}

/** PayPal, "Pay once": an Orders v2 purchase for one period (PayPal's buttons, or the sandbox's simulated approval). */
export default function PaypalOncePane({ flow }: { flow: PaymentFlow }) {
  const { t } = useTranslation('billing');
  const { config, configError, plan, interval, busy, offline } = flow;
  const outcome = usePaymentUpdates(flow.phase === 'waiting' ? flow.paymentId : null);
  const { create: createOrder, capture: captureOrder } = usePaypalOrder();
  const settle = useEffectEvent(flow.settle);
  useEffect(() => {
    if (outcome) settle(outcome);
  }, [outcome]);

  const simulate = async () => {
    flow.processing();
    let orderID: string;
    try {
      orderID = (await createOrder.mutateAsync({ planId: plan.id, interval })).orderID;
    } catch (err) {
      flow.fail(paymentErrorMessage(err, PAYMENT_TEXT.paypalFailed), pendingPaymentOf(err));
      return;
    }
    try {
      applyCapture(flow, await captureOrder.mutateAsync({ orderID, planId: plan.id }));
    } catch {
      flow.fail(PAYMENT_TEXT.captureFailed);
    }
  };

  if (config?.simulated) {
    return (
      <button type="button" className="btn-primary w-full px-4 py-2.5" onClick={() => void simulate()} disabled={busy || offline}>
        {flow.phase === 'processing' ? t('paypal.processing') : t('paypal.simulate')}
      </button>
    );
  }
  if (!config?.paypalClientId) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">{config || configError ? t('paypal.unavailable') : t('paypal.loading')}</p>
    );
  }
  // Offline, PayPal's script and buttons cannot load: the modal says why instead of a spinner.
  if (offline) return null;
  return (
    <div className={busy ? 'pointer-events-none opacity-60' : ''}>
      <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">{t('paypal.loading')}</p>}>
        <PayPalOrderButtons
          clientId={config.paypalClientId}
          planId={plan.id}
          interval={interval}
          disabled={busy}
          onProcessing={flow.processing}
          onCaptured={(result) => applyCapture(flow, result)}
          onError={flow.fail}
        />
      </Suspense>
      {flow.phase === 'processing' && (
        <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t('paypal.processing')}
        </p>
      )}
    </div>
  );
}
