import { z } from 'zod';
import { BILLING_INTERVALS, CATEGORY_IDS, PLAN_IDS, TONES } from '../platform/catalogue';
import type { Plan } from '../platform/catalogue';
import { countSchema, limitSchema, timestampSchema, uuidSchema } from '../platform/contract/common';
import { PHONE_MAX, PHONE_MIN } from '../platform/contract/limits';

export const planIdSchema = z.enum(PLAN_IDS, { message: 'Choose a valid plan' });
export const paidPlanIdSchema = z.enum(['pro', 'business'], { message: 'Choose a paid plan' });
export const intervalSchema = z.enum(BILLING_INTERVALS, { message: 'Interval must be month or year' }).default('month');

export const createSubscriptionBody = z.strictObject({ planId: z.literal('free', { message: 'Paid plans are bought through a payment' }) });
export const updateSubscriptionBody = z.strictObject({
  cancelAtPeriodEnd: z.boolean({ message: 'cancelAtPeriodEnd must be true or false' }),
});
export const subscriptionIdParams = z.object({ id: uuidSchema });

/** Any client-sent amount or currency is accepted for compatibility but ignored: the catalogue decides. */
export const paypalCreateOrderBody = z.object({
  planId: paidPlanIdSchema,
  interval: intervalSchema,
  amount: z.unknown().optional(),
  currency: z.unknown().optional(),
});
export const paypalCaptureOrderBody = z.object({
  orderID: z
    .string({ message: 'orderID is required' })
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'orderID is malformed'),
  planId: paidPlanIdSchema.optional(),
});

export const PHONE_INVALID_MESSAGE = 'Please enter a valid phone number';
export const mpesaStkPushBody = z.object({
  planId: paidPlanIdSchema,
  interval: intervalSchema,
  phoneNumber: z
    .string({ message: PHONE_INVALID_MESSAGE })
    .trim()
    .min(PHONE_MIN, PHONE_INVALID_MESSAGE)
    .max(PHONE_MAX, PHONE_INVALID_MESSAGE),
});
/** POST /payments/mpesa/paybill: pay by Lipa na M-Pesa (Paybill) when the STK push does not arrive. */
export const mpesaPaybillBody = z.strictObject({
  planId: paidPlanIdSchema,
  interval: intervalSchema,
});
export const checkoutRequestIdParams = z.object({
  checkoutRequestID: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Malformed id'),
});
export const paymentIdParams = z.object({ id: uuidSchema });

/** A Kenyan number not starting with 254 is rewritten to 254 plus its last 9 digits (07XX..., +254 7XX... and 7XX... all work). */
export function normalizeKenyanPhone(input: string): string {
  // DESIGN.md's rule: a number not starting with 254 becomes 254 + its last 9 digits. What that
  // makes is then checked as a Kenyan mobile number (isKenyanMsisdn), which refuses, for example,
  // a London number rewritten to 2540….
  const digits = input.replace(/\D/g, '');
  if (digits.startsWith('254')) return digits;
  return `254${digits.slice(-9)}`;
}

/** refunded: refunded or reversed in full at the provider; it bought nothing any more and counts toward no credit. */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const PAYMENT_PROVIDERS = ['paypal', 'mpesa'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired', 'scheduled'] as const;

export const subscriptionDto = z.object({
  id: z.uuid(),
  planId: z.enum(PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
  status: z.enum(SUBSCRIPTION_STATUSES).describe('scheduled: a lower plan paid for, starting when the current period ends'),
  currentPeriodEnd: timestampSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  createdAt: timestampSchema,
});
export type SubscriptionDto = z.infer<typeof subscriptionDto>;

export const paymentDto = z.object({
  id: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  providerRef: z.string().nullable(),
  planId: z.enum(PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
  amountMinor: countSchema.describe('amount in minor units (cents, or shillings for M-Pesa)'),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  refundedMinor: countSchema.describe('how much of amountMinor the provider has refunded or reversed (all of it when status is refunded)'),
  resultCode: z.string().nullable(),
  resultDesc: z.string().nullable(),
  message: z.string().describe('what the user is told about this payment'),
  receiptNumber: z.string().nullable().describe('our receipt number (GL-<year>-<6 digits>) once completed'),
  accountNumber: z
    .string()
    .nullable()
    .describe("M-Pesa: the payment's own short number (the STK AccountReference, the Paybill account number)"),
  mpesaReceipt: z.string().nullable().describe("M-Pesa's confirmation code (MpesaReceiptNumber or TransID) once the money moved"),
  createdAt: timestampSchema,
  completedAt: timestampSchema.nullable(),
});
export type PaymentDto = z.infer<typeof paymentDto>;

/** GET /payments/config: whether the browser shows real PayPal buttons or the sandbox simulation. */
export const paymentsConfigDto = z.object({
  simulated: z.boolean().describe('payments are simulated (sandbox): no provider is reached'),
  paypalClientId: z.string().nullable(),
  currency: z.literal('USD'),
  paypal: z.boolean(),
  mpesa: z.boolean(),
  kesPerUsd: z.number().describe('shillings per US dollar used for M-Pesa amounts'),
});
export type PaymentsConfigDto = z.infer<typeof paymentsConfigDto>;

/** A plan of the catalogue as the API answers it (the type is the catalogue's `Plan`). */
export const planLimitsDto = z.object({
  dailyGenerations: limitSchema,
  categories: z.array(z.enum(CATEGORY_IDS)).readonly(),
  tones: z.array(z.enum(TONES)).readonly(),
  customPrompts: z.boolean(),
  bulkExport: z.boolean(),
  apiAccess: z.boolean(),
  analytics: z.boolean(),
  teamCollaboration: z.boolean(),
  teamSeats: countSchema.describe('seats in a team, the owner included; 0: this plan cannot own a team'),
  brandKits: countSchema.describe('how many brand kits the plan keeps'),
  toneComparison: z.boolean(),
  campaigns: z.boolean(),
  campaignLinesPerDay: countSchema.describe('campaign lines (days × platforms) the plan may plan a day; 0: no campaigns'),
  photoCaptions: z.boolean().describe('lines written from a photo (POST /lines/photo)'),
});
export const planDto = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  priceCents: countSchema.describe('USD per month, in cents'),
  price: z.number().describe('USD per month'),
  interval: z.literal('month'),
  features: z.array(z.string()).readonly(),
  popular: z.boolean(),
  limits: planLimitsDto,
});
/** The schema and the catalogue's `Plan` describe the same shape (checked by the compiler both ways). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _planDtoIsPlan: Same<z.infer<typeof planDto>, Plan> = true;

/** A plan on the pricing page: its USD prices and, beside them, the Kenya shillings an M-Pesa payment charges. */
export const pricedPlanDto = planDto.extend({
  yearlyPriceCents: countSchema.describe('USD per year, in cents (monthly x 12 x (1 - yearlyDiscount))'),
  priceKes: countSchema.describe('KES per month, whole shillings: what the M-Pesa push charges (0 for free)'),
  yearlyPriceKes: countSchema.describe('KES per year, whole shillings: what the M-Pesa push charges (0 for free)'),
});
export type PricedPlanDto = z.infer<typeof pricedPlanDto>;
export const plansListDto = z.object({
  plans: z.array(pricedPlanDto),
  yearlyDiscount: z.number(),
  currency: z.literal('USD'),
  kesPerUsd: z.number().positive().describe('the rate the KES prices come from (MPESA_KES_PER_USD)'),
});
export type PlansListDto = z.infer<typeof plansListDto>;

/** GET /subscriptions: the caller's subscriptions, newest first, and the plan in force now. */
export const subscriptionsDto = z.object({ subscriptions: z.array(subscriptionDto), currentPlan: planDto });
export type SubscriptionsDto = z.infer<typeof subscriptionsDto>;

/** POST /payments/paypal/create-order: the PayPal order the buttons approve. */
export const paypalOrderDto = z.object({
  orderID: z.string(),
  paymentId: z.uuid(),
  status: z.string().describe("PayPal's order status"),
  amount: z.string().describe('the order amount as PayPal writes it (e.g. "9.99")'),
  currency: z.literal('USD'),
});
export type PaypalOrderDto = z.infer<typeof paypalOrderDto>;

/** POST /payments/paypal/capture-order: the payment as settled, and what it bought. */
export const paypalCaptureDto = z.object({
  id: z.string().nullable().describe('the PayPal order id'),
  paymentId: z.uuid(),
  status: z.enum(PAYMENT_STATUSES),
  message: z.string(),
  subscription: subscriptionDto.nullable(),
  currentPlan: planDto,
});
export type PaypalCaptureDto = z.infer<typeof paypalCaptureDto>;

/** POST /payments/mpesa/stk-push: the request was sent to the phone; the result follows over the socket. */
export const mpesaStkPushDto = z.object({
  paymentId: z.uuid(),
  checkoutRequestID: z.string(),
  merchantRequestID: z.string(),
  responseCode: z.string(),
  customerMessage: z.string(),
  amount: countSchema.describe('whole shillings'),
  currency: z.literal('KES'),
  phoneNumber: z.string().describe('the number charged, as 254XXXXXXXXX'),
});
export type MpesaStkPushDto = z.infer<typeof mpesaStkPushDto>;

/** POST /payments/mpesa/paybill: what to type in the M-Pesa menu; the result follows over the socket (`payment:updated`). */
export const mpesaPaybillDto = z.object({
  paymentId: z.uuid(),
  businessNumber: z.string().describe('the Paybill business number (MPESA_PAYBILL_NUMBER, else the shortcode)'),
  accountNumber: z.string().describe('the account number to type: unique to this payment'),
  amount: countSchema.describe('whole shillings, exactly'),
  currency: z.literal('KES'),
  expiresAt: timestampSchema.describe('after this the account number is refused and the payment ends unpaid'),
});
export type MpesaPaybillDto = z.infer<typeof mpesaPaybillDto>;

/** GET /payments/mpesa/status/{checkoutRequestID}: the stored state of an STK request. */
export const mpesaStatusDto = z.object({
  paymentId: z.uuid(),
  checkoutRequestID: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  resultCode: z.string().nullable(),
  resultDesc: z.string().nullable(),
  message: z.string(),
  planId: z.enum(PLAN_IDS),
});
export type MpesaStatusDto = z.infer<typeof mpesaStatusDto>;

/** Payments, newest first. */
export const paymentListDto = z.object({ payments: z.array(paymentDto) });
export type PaymentListDto = z.infer<typeof paymentListDto>;

/** A payment still waiting: was it cancelled (false when it had already finished)? */
export const paymentCancelDto = z.object({ cancelled: z.boolean() });
export type PaymentCancelDto = z.infer<typeof paymentCancelDto>;

/** A provider's notification was received. */
export const receivedDto = z.object({ received: z.literal(true) });
export type ReceivedDto = z.infer<typeof receivedDto>;

/** Moved to the free plan: the plan now, and the subscription that was cancelled (if any). */
export const movedToFreeDto = z.object({ currentPlan: planDto, cancelled: subscriptionDto.nullable() }).loose();
export type MovedToFreeDto = z.infer<typeof movedToFreeDto>;

/** A subscription after it was set to end (or resume) with its period, and the plan now. */
export const subscriptionChangeDto = z.object({ subscription: subscriptionDto, currentPlan: planDto });
export type SubscriptionChangeDto = z.infer<typeof subscriptionChangeDto>;
