import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountTokens, users } from '../accounts/users.schema';

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  /** Welcome e-mail delivery: pending | delivered | failed */
  welcomeStatus: text('welcome_status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  /** Where links in this subscriber's e-mails start (PUBLIC_URL or the api origin at sign-up). */
  linkBase: text('link_base'),
  /** The language of the request that subscribed (the newsletter e-mails go out in it). */
  language: text('language').notNull().default('en'),
  /** Set by an unsubscribe; a later subscribe clears it. */
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
});

/**
 * One token per newsletter e-mail sent (List-Unsubscribe and the visible link). Not single use:
 * unsubscribing is idempotent (RFC 8058 clients may POST more than once) and the links in older
 * e-mails keep working. Only the SHA-256 is stored.
 */
export const newsletterUnsubscribeTokens = pgTable('newsletter_unsubscribe_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  subscriberId: uuid('subscriber_id')
    .notNull()
    .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Account e-mails (reset, verification, change of e-mail, notices), stored before the job exists.
 * A row with `tokenId` gets its token from the worker at send time (see account_tokens).
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** password-reset | email-verification | email-change | email-change-notice | account-deleted | webhook-disabled | webhook-created | webhook-secret-rotated */
    kind: text('kind').notNull(),
    to: text('to_address').notNull(),
    tokenId: uuid('token_id').references(() => accountTokens.id, { onDelete: 'cascade' }),
    /** Where links start (PUBLIC_URL or the configured HOST:PORT), the name to greet, etc. */
    data: jsonb('data')
      .$type<{
        linkBase: string;
        name?: string;
        newEmail?: string;
        webhookUrl?: string;
        /** the recipient's language when no account can be found at send time */ language?: string;
      }>()
      .notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('outbound_emails_status_idx').on(t.status, t.createdAt)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.createdAt)],
);
