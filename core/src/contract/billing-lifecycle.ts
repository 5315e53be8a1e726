import { z } from 'zod';
import type { BillingInterval, Plan, PlanId } from '../catalogue';
import { intervalSchema, paidPlanIdSchema, planIdSchema, type PaymentProvider, type SubscriptionDto } from './billing';

/** GET /billing/quote: any plan id is parsed, so free (or the plan one has) gets a clear 4xx, not a zod message. */
export const billingQuoteQuery = z.strictObject({ planId: planIdSchema, interval: intervalSchema });
export const receiptQuery = z.strictObject({
  format: z.enum(['json', 'html'], { message: 'format must be json or html' }).default('json'),
});

/** Amounts in integer minor units of `currency` (US cents, or whole shillings). */
export interface MoneyQuote {
  currency: 'USD' | 'KES';
  price: number;
  credit: number;
  amountDue: number;
}

/** What a PayPal order or an M-Pesa push for (planId, interval) charges now, and what it buys. */
export interface BillingQuoteDto {
  planId: PlanId;
  interval: BillingInterval;
  /** new: no paid plan; renewal: same plan, extends from the current end; upgrade: starts now with credit; downgrade: starts at the current end. */
  change: 'new' | 'renewal' | 'upgrade' | 'downgrade';
  startsAt: string;
  periodEnd: string;
  usd: MoneyQuote;
  kes: MoneyQuote;
}

export interface BillingSubscriptionDto {
  id: string;
  planId: PlanId;
  interval: BillingInterval;
  status: SubscriptionDto['status'];
  provider: PaymentProvider | null;
  autoRenew: boolean;
  currentPeriodEnd: string | null;
}

export interface BillingDto {
  currentPlan: Plan;
  subscription: BillingSubscriptionDto | null;
  /** A lower plan paid for, starting when the current period ends. */
  scheduled: BillingSubscriptionDto | null;
  receiptsCount: number;
}

export interface ReceiptDto {
  number: string;
  issuedAt: string;
  amount: number;
  currency: string;
  credit: number;
  method: PaymentProvider;
  planId: PlanId;
  interval: BillingInterval;
  periodStart: string | null;
  periodEnd: string | null;
  customerName: string;
  customerEmail: string;
}

export const paypalCreateSubscriptionBody = z.strictObject({ planId: paidPlanIdSchema, interval: intervalSchema });
export const paypalConfirmSubscriptionBody = z.strictObject({
  subscriptionID: z
    .string({ message: 'subscriptionID is required' })
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'subscriptionID is malformed'),
});
