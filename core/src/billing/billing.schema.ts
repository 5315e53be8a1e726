import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the account is deleted: the payment stays for accounting, anonymised. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** paypal | mpesa */
    provider: text('provider').notNull(),
    /** PayPal order id or Daraja CheckoutRequestID. */
    providerRef: text('provider_ref'),
    planId: text('plan_id').notNull(),
    interval: text('interval').notNull(),
    /** Integer minor units of `currency` (US cents, or whole shillings for KES). */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** pending | completed | failed | cancelled | refunded (refunded or reversed in full at the provider) */
    status: text('status').notNull().default('pending'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    phone: text('phone'),
    requestPayload: jsonb('request_payload'),
    providerPayload: jsonb('provider_payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** GL-<year>-<6 digits>, assigned in the transaction that completes the payment (receipt_counters). */
    receiptNumber: text('receipt_number'),
    /** What the payment bought: the period it paid for, and the upgrade credit it was given. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    creditMinor: integer('credit_minor').notNull().default(0),
    /** `paypal-subscription` renewals carry the PayPal subscription id here. */
    kind: text('kind').notNull().default('one-time'),
    /** The provider's id of the money movement: PayPal capture id, or sale (transaction) id of a subscription payment. */
    captureId: text('capture_id'),
    /** What the provider has refunded or reversed of `amount_minor` so far (the status turns `refunded` at the full amount). */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /**
     * M-Pesa: the payment's own short number, unique for all time. It is the STK push's AccountReference
     * and, for a Lipa na M-Pesa Paybill payment, the account number the customer types (BillRefNumber).
     */
    accountNumber: text('account_number'),
    /** M-Pesa's confirmation code of the money movement: MpesaReceiptNumber (STK) or TransID (C2B); one payment per code. */
    mpesaReceipt: text('mpesa_receipt'),
  },
  (t) => [
    uniqueIndex('payments_receipt_number_uidx').on(t.receiptNumber),
    uniqueIndex('payments_provider_ref_uidx').on(t.provider, t.providerRef),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_pending_idx').on(t.status, t.createdAt),
    index('payments_capture_idx').on(t.provider, t.captureId),
    uniqueIndex('payments_account_number_uidx').on(t.accountNumber),
    uniqueIndex('payments_mpesa_receipt_uidx').on(t.mpesaReceipt),
  ],
);

/** Each refund or reversal the provider reported, once by its own id; the payment's refunded_minor is their sum. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    provider: text('provider').notNull(),
    /** PayPal's refund id. */
    providerRefundId: text('provider_refund_id').notNull(),
    /** refund (the merchant gave the money back) | reversal (PayPal took it back: a dispute or chargeback) */
    kind: text('kind').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** What it ended: `plan-restored`, `plan-ended`, `period-shortened`, `scheduled-cancelled`, `credit-withdrawn`, `nothing-left`, `nothing-bought`. */
    effect: text('effect').notNull(),
    /** What the customer was told (e-mail, live notice, billing page), in their words. */
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_provider_uidx').on(t.provider, t.providerRefundId),
    index('payment_refunds_payment_idx').on(t.paymentId),
  ],
);

/** Raw provider notifications (webhooks, callbacks), stored before anything else happens. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** The provider's own event id (PayPal webhook `id`): an event is applied once. */
    providerEventId: text('provider_event_id'),
    /** When the event's handling finished (null: stored, not handled yet, or its handling failed and waits for the provider's retry). */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** When a delivery last claimed the event for handling (a claim older than a minute is taken to have died). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The last handling failure, if any (the provider retries the delivery). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId),
    uniqueIndex('payment_events_provider_event_uidx').on(t.provider, t.providerEventId),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    interval: text('interval').notNull().default('month'),
    /** Stored lowercase: active | cancelled | expired */
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** paypal | mpesa (what paid for the current period); null for free or legacy rows. */
    provider: text('provider'),
    /** PayPal Subscriptions v1 id (I-...) when the plan renews automatically at PayPal. */
    providerSubscriptionId: text('provider_subscription_id'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /**
     * The plan this chain of periods replaced (the lower plan an upgrade ended early), carried along
     * by renewals: a refund that ends the chain gives that plan back while its period lasts.
     */
    replacesSubscriptionId: uuid('replaces_subscription_id').references((): AnyPgColumn => subscriptions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_active_uidx')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('subscriptions_payment_uidx').on(t.paymentId),
    index('subscriptions_period_end_idx').on(t.status, t.currentPeriodEnd),
    index('subscriptions_provider_sub_idx').on(t.providerSubscriptionId),
  ],
);
