import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Trimmed and lower-cased before it gets here; unique. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** When the owner proved the address by opening the link sent to it; null = not verified. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /**
   * Every access token issued, and every session started, before this moment is refused: set when the
   * password changes (change, reset) and at "sign out everywhere". Checked in PostgreSQL, so a Redis
   * outage cannot let a revoked token through.
   */
  sessionsValidFrom: timestamp('sessions_valid_from', { withTimezone: true }),
  /** The account's interface language (DESIGN.md §14): its e-mails, reminders and receipts go out in it. An unknown value reads as English. */
  language: text('language').notNull().default('en'),
  /**
   * The account's IANA time zone (DESIGN.md §20): every time it is shown, and the daily quota's
   * midnight, are in it. Set from the browser at sign-up; when unknown, Africa/Nairobi for a
   * Kiswahili account or a Kenyan phone number, else UTC.
   */
  timeZone: text('time_zone').notNull().default('UTC'),
  /**
   * Whether the zone was chosen: sent by the browser at sign-up or set on the account page. A zone
   * only guessed (no browser zone at sign-up) becomes Africa/Nairobi once the account pays from a
   * Kenyan number (`usersRepository.adoptKenyanTimeZone`).
   */
  timeZoneChosen: boolean('time_zone_chosen').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every token issued from one login shares a family; reuse of a rotated token revokes the family. */
    familyId: uuid('family_id').notNull(),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** One row per refresh-token family: a signed-in device. Access tokens carry its id (`sid`). */
export const sessions = pgTable(
  'sessions',
  {
    /** The refresh-token family id. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Tokens sent by e-mail (password reset, e-mail verification, change of e-mail). The token itself
 * is made by the worker right before the mail goes out and only its SHA-256 is stored here.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** password_reset | email_verification | email_change */
    kind: text('kind').notNull(),
    /** sha256 of the token; null until the e-mail carrying it is being sent. */
    tokenHash: text('token_hash').unique(),
    /** The address being proved (the account's own, or the new one for email_change). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A newer request of the same kind voided this one. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_kind_idx').on(t.userId, t.kind)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** First characters of the key, shown in listings so a user can tell keys apart. */
    prefix: text('prefix').notNull(),
    /** sha256 of the whole key; the key is shown once and never stored. */
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);
