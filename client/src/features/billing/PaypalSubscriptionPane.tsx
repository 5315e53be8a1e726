import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_TEXT, paymentErrorMessage, useConfirmPaypalSubscription, useCreatePaypalSubscription } from './payments';
import type { PaymentFlow } from './payment-flow';
import { lazyChunk } from '../../platform/lazy-page';

const PayPalSubscriptionButtons = lazyChunk(() => import('./PayPalSubscriptionButtons'));

/**
 * PayPal, "Renews automatically": a Subscriptions v1 subscription (PayPal's subscription buttons, or
 * in the sandbox a simulated approval: the simulator approves it as soon as it is created).
 */
export default function PaypalSubscriptionPane({ flow }: { flow: PaymentFlow }) {
  const { t } = useTranslation('billing');
  const { config, configError, plan, interval, busy, offline } = flow;
  const create = useCreatePaypalSubscription();
  const confirm = useConfirmPaypalSubscription();

  const simulate = async () => {
    flow.processing();
    try {
      const created = await create.mutateAsync({ planId: plan.id, interval });
      flow.succeed(await confirm.mutateAsync({ subscriptionID: created.subscriptionID, paymentId: created.paymentId }));
    } catch (err) {
      flow.fail(paymentErrorMessage(err, PAYMENT_TEXT.subscriptionFailed));
    }
  };

  const terms = (
    <p className="mb-3 text-xs text-slate-600 dark:text-slate-400" data-testid="renewal-terms">
      {interval === 'year' ? t('paypal.termsYear') : t('paypal.termsMonth')}
    </p>
  );

  if (config?.simulated) {
    return (
      <>
        {terms}
        <button type="button" className="btn-primary w-full px-4 py-2.5" onClick={() => void simulate()} disabled={busy || offline}>
          {flow.phase === 'processing' ? t('paypal.starting') : t('paypal.simulateSubscription')}
        </button>
      </>
    );
  }
  if (!config?.paypalClientId) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">{config || configError ? t('paypal.unavailable') : t('paypal.loading')}</p>
    );
  }
  if (offline) return terms;
  return (
    <div className={busy ? 'pointer-events-none opacity-60' : ''}>
      {terms}
      <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">{t('paypal.loading')}</p>}>
        <PayPalSubscriptionButtons
          clientId={config.paypalClientId}
          planId={plan.id}
          interval={interval}
          disabled={busy}
          onProcessing={flow.processing}
          onConfirmed={flow.succeed}
          onError={flow.fail}
        />
      </Suspense>
      {flow.phase === 'processing' && (
        <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t('paypal.starting')}
        </p>
      )}
    </div>
  );
}
