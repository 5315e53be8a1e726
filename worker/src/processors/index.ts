import type { ProcessorRegistration } from '../processor';
import { emailProcessor } from './email.processor';
import { paymentStatusProcessor } from '../billing/payment-status.processor';
import { generationProcessor } from '../lines/generation.processor';
import { billingSweepProcessor } from '../billing/billing-sweep.processor';
import { paypalCancelProcessor } from '../billing/paypal-cancel.processor';
import { paypalRefundProcessor } from '../billing/paypal-refund.processor';
import { webhookDeliveryProcessor } from '../webhooks/webhook-delivery.processor';
import { mpesaC2bRegisterProcessor } from '../billing/mpesa-c2b-register.processor';
import { paybillExpiryProcessor } from '../billing/paybill-expiry.processor';
import { approvalSummaryProcessor } from '../approvals/approval-summary.processor';
import { mpesaTransactionStatusProcessor } from '../billing/mpesa-transaction-status.processor';

/** One entry per job; each handler lives in its own `<name>.processor.ts`. */
export const processors: ProcessorRegistration[] = [
  emailProcessor,
  paymentStatusProcessor,
  generationProcessor,
  billingSweepProcessor,
  paypalCancelProcessor,
  paypalRefundProcessor,
  webhookDeliveryProcessor,
  mpesaC2bRegisterProcessor,
  paybillExpiryProcessor,
  approvalSummaryProcessor,
  mpesaTransactionStatusProcessor,
];
