import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

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
    /** pending | completed | failed | cancelled */
    status: text('status').notNull().default('pending'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    phone: text('phone'),
    requestPayload: jsonb('request_payload'),
    providerPayload: jsonb('provider_payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_uidx').on(t.provider, t.providerRef),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_pending_idx').on(t.status, t.createdAt),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId)],
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
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_active_uidx')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('subscriptions_payment_uidx').on(t.paymentId),
  ],
);
