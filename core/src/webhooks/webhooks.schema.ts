import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';

/**
 * A Business user's outgoing webhook endpoint. `secret` (whsec_…) is kept as issued: the worker
 * must sign with it (Standard Webhooks), so it cannot be hashed; it is shown to the owner only in
 * the answer that created or rotated it. `failingSince` is the first failed attempt of the current
 * streak (cleared by a success); an endpoint whose streak is older than 24 hours is disabled.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Subset of generation.completed, line.saved, campaign.completed. */
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** Where links in the owner's e-mails about this endpoint start (PUBLIC_URL or the api origin at creation). */
    linkBase: text('link_base'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/**
 * One event for one endpoint: recorded (pending) in the transaction or right after the change it
 * reports, then delivered by the webhook-delivery job. Its id is the `webhook-id` of every attempt.
 * `eventKey` makes recording the same event twice (a repeated job) a no-op.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    eventKey: text('event_key').notNull(),
    /** The body sent: { type, timestamp, data } (Standard Webhooks payload structure). */
    payload: jsonb('payload').$type<{ type: string; timestamp: string; data: Record<string, unknown> }>().notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_uidx').on(t.endpointId, t.eventKey),
    index('webhook_deliveries_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // The retention sweep: finished deliveries by when they ended.
    index('webhook_deliveries_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} <> 'pending'`),
  ],
);

/** Each HTTP attempt of a delivery, as the owner sees it on the api-docs page; kept 30 days (WEBHOOK_HISTORY_DAYS). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** succeeded | failed */
    outcome: text('outcome').notNull(),
    responseStatus: integer('response_status'),
    /** A short, user-safe reason: "timed out after 10 s", "HTTP 500", "address not allowed". */
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_attempts_endpoint_created_idx').on(t.endpointId, t.createdAt.desc()),
    // The retention sweep: attempts by age.
    index('webhook_attempts_created_idx').on(t.createdAt),
  ],
);
