import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import type { BillingInterval, PlanId } from '@gl/core/types';
import { PAYMENT_TEXT, capturePaypalOrder, createPaypalOrder, type CaptureResult } from '../../lib/payments';

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
  onError(message: string): void;
}) {
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'USD', intent: 'capture' }}>
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'rect', label: 'pay' }}
        forceReRender={[planId, interval]}
        disabled={disabled}
        createOrder={async () => {
          try {
            return (await createPaypalOrder(planId, interval)).orderID;
          } catch (err) {
            onError(PAYMENT_TEXT.paypalFailed);
            throw err;
          }
        }}
        onApprove={async (data) => {
          onProcessing();
          try {
            onCaptured(await capturePaypalOrder(data.orderID, planId));
          } catch {
            onError(PAYMENT_TEXT.captureFailed);
          }
        }}
        onError={() => onError(PAYMENT_TEXT.paypalFailed)}
      />
    </PayPalScriptProvider>
  );
}
