import { useRef } from 'react';
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import type { BillingInterval, PlanId } from '@gl/core/types';
import {
  PAYMENT_TEXT,
  paymentErrorMessage,
  useConfirmPaypalSubscription,
  useCreatePaypalSubscription,
  type CaptureResult,
} from './payments';

/**
 * PayPal's subscription buttons ("Renews automatically"; loaded only inside the payment modal). The
 * SDK is loaded with intent=subscription and vault=true; our server creates the subscription on the
 * plan stored by `npm run paypal:sync` and, once the buyer approved it, reads it back from PayPal
 * and checks it before the plan changes.
 */
export default function PayPalSubscriptionButtons({
  clientId,
  planId,
  interval,
  disabled,
  onProcessing,
  onConfirmed,
  onError,
}: {
  clientId: string;
  planId: PlanId;
  interval: BillingInterval;
  disabled?: boolean;
  onProcessing(): void;
  onConfirmed(result: CaptureResult): void;
  onError(message: string): void;
}) {
  // The payment our server recorded for the subscription being approved.
  const paymentId = useRef('');
  const create = useCreatePaypalSubscription();
  const confirm = useConfirmPaypalSubscription();
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'USD', intent: 'subscription', vault: true }}>
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'rect', label: 'subscribe' }}
        forceReRender={[planId, interval]}
        disabled={disabled}
        createSubscription={async () => {
          try {
            const created = await create.mutateAsync({ planId, interval });
            paymentId.current = created.paymentId;
            return created.subscriptionID;
          } catch (err) {
            onError(paymentErrorMessage(err, PAYMENT_TEXT.subscriptionFailed));
            throw err;
          }
        }}
        onApprove={async (data) => {
          onProcessing();
          try {
            onConfirmed(await confirm.mutateAsync({ subscriptionID: data.subscriptionID ?? '', paymentId: paymentId.current }));
          } catch (err) {
            onError(paymentErrorMessage(err, PAYMENT_TEXT.captureFailed));
          }
        }}
        onError={() => onError(PAYMENT_TEXT.subscriptionFailed)}
      />
    </PayPalScriptProvider>
  );
}
