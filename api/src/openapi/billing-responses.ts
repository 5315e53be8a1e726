import { z } from 'zod';
import { BILLING_INTERVALS, PLAN_IDS } from '@gl/core';

/** What the billing routes answer (core/src/contract/billing-lifecycle.ts), for the OpenAPI document. */
const timestamp = z.iso.datetime({ offset: true });
const minor = z.int().min(0).describe('integer minor units (US cents, or whole shillings)');
const money = (currency: 'USD' | 'KES') => z.object({ currency: z.literal(currency), price: minor, credit: minor, amountDue: minor });

export const BillingSubscription = z.object({
  id: z.uuid(),
  planId: z.enum(PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
  status: z.enum(['active', 'cancelled', 'expired', 'scheduled']),
  provider: z.enum(['paypal', 'mpesa']).nullable(),
  autoRenew: z.boolean(),
  currentPeriodEnd: timestamp.nullable(),
});

export const Billing = z.object({
  currentPlan: z.object({ id: z.enum(PLAN_IDS), name: z.string() }).loose(),
  subscription: BillingSubscription.nullable(),
  scheduled: BillingSubscription.nullable(),
  receiptsCount: z.int().min(0),
});

export const BillingQuote = z.object({
  planId: z.enum(PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
  change: z.enum(['new', 'renewal', 'upgrade', 'downgrade']),
  startsAt: timestamp,
  periodEnd: timestamp,
  usd: money('USD'),
  kes: money('KES'),
});

export const Receipt = z.object({
  number: z.string().regex(/^GL-\d{4}-\d{6}$/),
  issuedAt: timestamp,
  amount: minor,
  currency: z.string(),
  credit: minor,
  method: z.enum(['paypal', 'mpesa']),
  planId: z.enum(PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
  periodStart: timestamp.nullable(),
  periodEnd: timestamp.nullable(),
  customerName: z.string(),
  customerEmail: z.email(),
});
