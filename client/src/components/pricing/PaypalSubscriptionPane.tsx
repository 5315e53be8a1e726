import { Suspense } from 'react';
import { PAYMENT_TEXT, confirmPaypalSubscription, createPaypalSubscription, paymentErrorMessage } from '../../lib/payments';
import type { PaymentFlow } from './payment-flow';
import { lazyChunk } from '../../lib/lazy-page';

const PayPalSubscriptionButtons = lazyChunk(() => import('./PayPalSubscriptionButtons'));

/**
 * PayPal, "Renews automatically": a Subscriptions v1 subscription (PayPal's subscription buttons, or
 * in the sandbox a simulated approval: the simulator approves it as soon as it is created).
 */
export default function PaypalSubscriptionPane({ flow }: { flow: PaymentFlow }) {
  const { config, configError, plan, interval, busy, offline } = flow;

  const simulate = async () => {
    flow.processing();
    try {
      const created = await createPaypalSubscription(plan.id, interval);
      flow.succeed(await confirmPaypalSubscription(created.subscriptionID, created.paymentId));
    } catch (err) {
      flow.fail(paymentErrorMessage(err, PAYMENT_TEXT.subscriptionFailed));
    }
  };

  const terms = (
    <p className="mb-3 text-xs text-slate-600 dark:text-slate-400" data-testid="renewal-terms">
      PayPal charges this amount every {interval === 'year' ? 'year' : 'month'} until you turn auto-renew off on the Billing page; you keep
      the plan to the end of the period you paid for.
    </p>
  );

  if (config?.simulated) {
    return (
      <>
        {terms}
        <button type="button" className="btn-primary w-full px-4 py-2.5" onClick={() => void simulate()} disabled={busy || offline}>
          {flow.phase === 'processing' ? 'Starting subscription...' : 'Simulate PayPal subscription approval'}
        </button>
      </>
    );
  }
  if (!config?.paypalClientId) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {config || configError ? 'PayPal is not available right now. Please try M-Pesa or come back later.' : 'Loading PayPal...'}
      </p>
    );
  }
  if (offline) return terms;
  return (
    <div className={busy ? 'pointer-events-none opacity-60' : ''}>
      {terms}
      <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading PayPal...</p>}>
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
          Starting subscription...
        </p>
      )}
    </div>
  );
}
