import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { payments, subscriptions } from './billing';
import { users } from './users';

/** One row per year: the last receipt number issued. Updated in the completing payment's transaction (no gaps). */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * Billing e-mails (receipt, reminders, expiry, payment failed). `dedupe_key` is unique: a reminder
 * for one period, or the receipt of one payment, is recorded once, so two sweeps never send twice.
 */
export const billingNotices = pgTable('billing_notices', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** receipt | reminder-7 | reminder-1 | expired | payment-failed */
  kind: text('kind').notNull(),
  dedupeKey: text('dedupe_key').notNull().unique(),
  paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
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
