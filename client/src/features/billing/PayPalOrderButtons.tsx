import { useRef } from 'react';
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import type { BillingInterval, PlanId } from '@gl/core/types';
import { PAYMENT_TEXT, paymentErrorMessage, pendingPaymentOf, usePaypalOrder, type CaptureResult } from './payments';

/**
 * The official PayPal buttons (loaded only inside the payment modal, "Pay once"). The order is created and
 * captured by our server; the amount comes from the catalogue there, never from the browser.
 */
export default function PayPalOrderButtons({
  clientId,
  planId,
  interval,
  onProcessing,
  onCaptured,
  onError,
  disabled,
}: {
  disabled?: boolean;
  clientId: string;
  planId: PlanId;
  interval: BillingInterval;
  onProcessing(): void;
  onCaptured(result: CaptureResult): void;
  onError(message: string, pendingPaymentId?: string | null): void;
}) {
  // When our server refused the order (e.g. a 409), PayPal's own onError follows: it must not replace that message.
  const refused = useRef(false);
  const { create: createOrder, capture: captureOrder } = usePaypalOrder();
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'USD', intent: 'capture' }}>
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'rect', label: 'pay' }}
        forceReRender={[planId, interval]}
        disabled={disabled}
        createOrder={async () => {
          refused.current = false;
          try {
            return (await createOrder.mutateAsync({ planId, interval })).orderID;
          } catch (err) {
            // A second upgrade while one is open (409) says so, with the payment to cancel.
            refused.current = true;
            onError(paymentErrorMessage(err, PAYMENT_TEXT.paypalFailed), pendingPaymentOf(err));
            throw err;
          }
        }}
        onApprove={async (data) => {
          onProcessing();
          try {
            onCaptured(await captureOrder.mutateAsync({ orderID: data.orderID, planId }));
          } catch {
            onError(PAYMENT_TEXT.captureFailed);
          }
        }}
        onError={() => {
          if (!refused.current) onError(PAYMENT_TEXT.paypalFailed);
        }}
      />
    </PayPalScriptProvider>
  );
}
