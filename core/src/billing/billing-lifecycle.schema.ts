import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { payments, subscriptions } from './billing.schema';
import { users } from '../accounts/users.schema';

/** One row per year: the last receipt number issued. Updated in the completing payment's transaction (no gaps). */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * Leaving an auto-renewing PayPal plan (upgrade, downgrade, free, the end of a plan without renewal):
 * the subscription is cancelled at PayPal by the `paypal-cancel` job. Recorded in the transaction
 * that replaced the plan, so a PayPal or Redis outage only delays it: the job retries, the
 * reconciler re-enqueues what is still pending, and the billing page shows where it stands.
 */
export const paypalCancellations = pgTable(
  'paypal_cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The PayPal subscription (I-...): cancelled once, whatever asked for it. */
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    planId: text('plan_id').notNull(),
    /** upgrade | downgrade | free | replaced | ended */
    reason: text('reason').notNull(),
    /** pending | cancelled | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('paypal_cancellations_user_idx').on(t.userId, t.createdAt),
    index('paypal_cancellations_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Billing e-mails (receipt, reminders, expiry, payment failed). `dedupe_key` is unique: a reminder
 * for one period, or the receipt of one payment, is recorded once, so two sweeps never send twice.
 */
export const billingNotices = pgTable('billing_notices', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** receipt | reminder-7 | reminder-1 | expired | payment-failed | refund | paypal-cancelled | paypal-cancel-failed | sale-refunded */
  kind: text('kind').notNull(),
  dedupeKey: text('dedupe_key').notNull().unique(),
  paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  paypalCancellationId: uuid('paypal_cancellation_id').references(() => paypalCancellations.id, { onDelete: 'set null' }),
  periodEnd: timestamp('period_end', { withTimezone: true }),
  /** pending | delivered | failed */
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
});

/** PayPal catalog objects created by `npm run paypal:sync`: key `product` or `plan:<planId>:<interval>`. */
export const paypalCatalog = pgTable('paypal_catalog', {
  key: text('key').primaryKey(),
  paypalId: text('paypal_id').notNull(),
  name: text('name').notNull(),
  details: jsonb('details'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
