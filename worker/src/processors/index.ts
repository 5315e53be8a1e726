import type { ProcessorRegistration } from '../processor';
import { emailProcessor } from './email.processor';
import { paymentStatusProcessor } from './payment-status.processor';
import { generationProcessor } from './generation.processor';
import { billingSweepProcessor } from './billing-sweep.processor';
import { webhookDeliveryProcessor } from './webhook-delivery.processor';

/** One entry per job; each handler lives in its own `<name>.processor.ts`. */
export const processors: ProcessorRegistration[] = [
  emailProcessor,
  paymentStatusProcessor,
  generationProcessor,
  billingSweepProcessor,
  webhookDeliveryProcessor,
];
