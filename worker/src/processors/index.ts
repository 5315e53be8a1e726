import type { ProcessorRegistration } from '../processor';
import { emailProcessor } from './email.processor';
import { paymentStatusProcessor } from './payment-status.processor';
import { generationProcessor } from './generation.processor';
import { billingSweepProcessor } from './billing-sweep.processor';
import { paypalCancelProcessor } from './paypal-cancel.processor';
import { paypalRefundProcessor } from './paypal-refund.processor';
import { webhookDeliveryProcessor } from './webhook-delivery.processor';
import { mpesaC2bRegisterProcessor } from './mpesa-c2b-register.processor';
import { paybillExpiryProcessor } from './paybill-expiry.processor';

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
];
