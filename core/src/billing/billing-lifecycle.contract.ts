import { z } from 'zod';
import { BILLING_INTERVALS, PLAN_IDS } from '../platform/catalogue';
import { countSchema, timestampSchema, uuidSchema } from '../platform/contract/common';
import { intervalSchema, paidPlanIdSchema, planDto, planIdSchema, subscriptionDto } from './billing.contract';

/** GET /billing/quote: any plan id is parsed, so free (or the plan one has) gets a clear 4xx, not a zod message. */
export const billingQuoteQuery = z.strictObject({ planId: planIdSchema, interval: intervalSchema });
export const receiptQuery = z.strictObject({
  format: z.enum(['json', 'html'], { message: 'format must be json or html' }).default('json'),
});

const minor = countSchema.describe('integer minor units (US cents, or whole shillings)');
const provider = z.enum(['paypal', 'mpesa']);

/** Amounts in integer minor units of `currency` (US cents, or whole shillings). */
const moneyQuote = <C extends 'USD' | 'KES'>(currency: C) =>
  z.object({ currency: z.literal(currency), price: minor, credit: minor, amountDue: minor });

/** What a PayPal order or an M-Pesa push for (planId, interval) charges now, and what it buys. */
export const billingQuoteDto = z.object({
  planId: z.enum(PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
  change: z
    .enum(['new', 'renewal', 'upgrade', 'downgrade'])
    .describe(
      'new: no paid plan; renewal: same plan, extends from the current end; upgrade: starts now with credit; downgrade: starts at the current end',
    ),
  startsAt: timestampSchema,
  periodEnd: timestampSchema,
  usd: moneyQuote('USD'),
  kes: moneyQuote('KES'),
});
export type BillingQuoteDto = z.infer<typeof billingQuoteDto>;
export type MoneyQuote = BillingQuoteDto['usd'] | BillingQuoteDto['kes'];

/** A subscription as the billing page shows it: `subscriptionDto`'s fields, with who renews it and whether it does. */
export const billingSubscriptionDto = subscriptionDto
  .pick({ id: true, planId: true, interval: true, status: true, currentPeriodEnd: true })
  .extend({ provider: provider.nullable(), autoRenew: z.boolean() });
export type BillingSubscriptionDto = z.infer<typeof billingSubscriptionDto>;

/** A PayPal subscription the customer left (upgrade, downgrade, free, the end of a plan), being cancelled at PayPal. */
export const paypalCancellationDto = z.object({
  id: z.uuid(),
  providerSubscriptionId: z.string().describe("PayPal's subscription id (I-...)"),
  planId: z.enum(PLAN_IDS),
  reason: z.enum(['upgrade', 'downgrade', 'free', 'replaced', 'refunded', 'ended']),
  status: z
    .enum(['pending', 'cancelled', 'failed'])
    .describe('pending: being cancelled at PayPal (retried while PayPal is unreachable); failed: PayPal refused or stayed unreachable'),
  createdAt: timestampSchema,
  cancelledAt: timestampSchema.nullable(),
});
export type PaypalCancellationDto = z.infer<typeof paypalCancellationDto>;

/** A refund or reversal the provider reported, and what it ended. */
export const refundNoticeDto = z.object({
  id: z.uuid(),
  paymentId: z.uuid(),
  kind: z
    .enum(['refund', 'reversal'])
    .describe('refund: the money was given back; reversal: PayPal took it back (a dispute or chargeback)'),
  amount: minor,
  currency: z.string(),
  planId: z.enum(PLAN_IDS),
  message: z.string().describe('what the refund ended, in the words the customer was told'),
  createdAt: timestampSchema,
});
export type RefundNoticeDto = z.infer<typeof refundNoticeDto>;

export const billingDto = z.object({
  currentPlan: planDto,
  subscription: billingSubscriptionDto.nullable(),
  scheduled: billingSubscriptionDto.nullable().describe('a lower plan paid for, starting when the current period ends'),
  receiptsCount: countSchema,
  paypalCancellations: z
    .array(paypalCancellationDto)
    .describe('PayPal subscriptions you left: every one still pending or failed, and those cancelled in the last 30 days'),
  refunds: z.array(refundNoticeDto).describe('refunds and reversals of the last 90 days, newest first'),
});
export type BillingDto = z.infer<typeof billingDto>;

export const receiptDto = z.object({
  number: z.string().regex(/^GL-\d{4}-\d{6}$/),
  issuedAt: timestampSchema,
  amount: minor,
  currency: z.string(),
  credit: minor,
  method: provider,
  planId: z.enum(PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
  periodStart: timestampSchema.nullable(),
  periodEnd: timestampSchema.nullable(),
  customerName: z.string(),
  customerEmail: z.email(),
  accountNumber: z.string().nullable().describe("M-Pesa: the payment's own short number (AccountReference / account number)"),
  mpesaReceipt: z.string().nullable().describe("M-Pesa's confirmation code (MpesaReceiptNumber or TransID)"),
});
export type ReceiptDto = z.infer<typeof receiptDto>;

export const paypalCancellationIdParams = z.object({ id: uuidSchema });

export const paypalCreateSubscriptionBody = z.strictObject({ planId: paidPlanIdSchema, interval: intervalSchema });
export const paypalConfirmSubscriptionBody = z.strictObject({
  subscriptionID: z
    .string({ message: 'subscriptionID is required' })
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'subscriptionID is malformed'),
});

/** An auto-renewing PayPal subscription started: the buyer approves it at `approveUrl`. */
export const paypalSubscriptionCreatedDto = z.object({
  subscriptionID: z.string(),
  approveUrl: z.string().nullable(),
  paymentId: uuidSchema,
});
export type PaypalSubscriptionCreatedDto = z.infer<typeof paypalSubscriptionCreatedDto>;

/** After the buyer approved: the subscription (null while PayPal has not activated it) and the plan now. */
export const paypalSubscriptionConfirmedDto = z.object({
  subscription: subscriptionDto.extend(billingSubscriptionDto.shape).nullable(),
  currentPlan: planDto,
});
export type PaypalSubscriptionConfirmedDto = z.infer<typeof paypalSubscriptionConfirmedDto>;

/** A PayPal subscription after it was cancelled or resumed. */
export const paypalSubscriptionChangedDto = z.object({ subscription: billingSubscriptionDto });
export type PaypalSubscriptionChangedDto = z.infer<typeof paypalSubscriptionChangedDto>;
