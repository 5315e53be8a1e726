import { z } from 'zod';
import { BILLING_INTERVALS, PLAN_IDS } from '../catalogue';
import type { BillingInterval, PlanId } from '../catalogue';
import { uuidSchema } from './common';

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
  phoneNumber: z.string({ message: PHONE_INVALID_MESSAGE }).trim().min(10, PHONE_INVALID_MESSAGE).max(20, PHONE_INVALID_MESSAGE),
});
export const checkoutRequestIdParams = z.object({
  checkoutRequestID: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Malformed id'),
});
export const paymentIdParams = z.object({ id: uuidSchema });

/** Spec: a number not starting with 254 is rewritten to 254 plus its last 9 digits. */
export function normalizeKenyanPhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.startsWith('254')) return digits;
  return `254${digits.slice(-9)}`;
}

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentProvider = 'paypal' | 'mpesa';

export interface SubscriptionDto {
  id: string;
  planId: PlanId;
  interval: BillingInterval;
  /** scheduled: a lower plan paid for, starting when the current period ends. */
  status: 'active' | 'cancelled' | 'expired' | 'scheduled';
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  createdAt: string;
}

export interface PaymentDto {
  id: string;
  provider: PaymentProvider;
  providerRef: string | null;
  planId: PlanId;
  interval: BillingInterval;
  amountMinor: number;
  currency: string;
  status: PaymentStatus;
  resultCode: string | null;
  resultDesc: string | null;
  /** What the user is told about this payment (the spec's texts). */
  message: string;
  createdAt: string;
  completedAt: string | null;
}

/** GET /payments/config: whether the browser shows real PayPal buttons or the sandbox simulation. */
export interface PaymentsConfigDto {
  simulated: boolean;
  paypalClientId: string | null;
  currency: 'USD';
  paypal: boolean;
  mpesa: boolean;
  /** Shillings per US dollar used for M-Pesa amounts. */
  kesPerUsd: number;
}
