import type { BillingInterval, Plan } from '@gl/core/types';
import type { CaptureResult, PaymentModalState, PaymentsConfig } from './payments';
import type { PaymentOutcome } from './use-payment-updates';

/** What the payment modal hands each provider's pane: where the payment stands, and how to move it on. */
export interface PaymentFlow {
  plan: Plan;
  interval: BillingInterval;
  config: PaymentsConfig | undefined;
  configError: boolean;
  phase: PaymentModalState['phase'];
  /** The payment being waited for (phase 'waiting'). */
  paymentId: string | null;
  /** Something is under way: the method and the pay buttons are locked. */
  busy: boolean;
  /** No connection: nothing can be paid, the pay buttons are off. */
  offline: boolean;
  processing(): void;
  waiting(paymentId: string, customerMessage?: string | null): void;
  /** Refused or failed; `pendingPaymentId`: another open upgrade payment holds the credit (a 409), which the modal offers to cancel. */
  fail(message: string, pendingPaymentId?: string | null): void;
  /** Paid: the modal says so and tells the page. */
  succeed(result?: CaptureResult): void;
  /** Back to choosing (nothing under way). */
  reset(): void;
  /** A final `payment:updated` (or re-read) outcome for the payment being waited for. */
  settle(outcome: PaymentOutcome): void;
}
