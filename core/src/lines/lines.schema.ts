import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BrandSnapshot } from '../brands';
import type { CampaignDayBrief } from '../campaigns';
import type { RefinementDto } from './lines.contract';
import type { RefineAction } from './platforms';
import type { LanguageId } from '../platform/catalogue';
import { users, apiKeys } from '../accounts/users.schema';

export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** Who the quota is counted against: `user-<id>` or `ip-<ip>`. */
    subject: text('subject').notNull(),
    planId: text('plan_id').notNull(),
    category: text('category').notNull(),
    tone: text('tone').notNull(),
    topic: text('topic'),
    prompt: text('prompt'),
    count: integer('count').notNull(),
    language: text('language').notNull().default('en'),
    maxChars: integer('max_chars'),
    /** The brand kit as it was when the generation was asked for (edits to the kit do not change a running job). */
    brand: jsonb('brand').$type<BrandSnapshot>(),
    /** A campaign's line: the campaign, its day and its occasion, which the writer is told to fit. */
    campaign: jsonb('campaign').$type<CampaignDayBrief>(),
    /** Where the lines will be posted (a platform id): its limit applies, counted its way. */
    platform: text('platform'),
    /** The hashtag rule (`none`, `few`) and the emoji rule (`none`, `some`) as asked; null: the default (see switchesFor). */
    hashtags: text('hashtags'),
    emoji: text('emoji'),
    /** Refined lines appended to `lines`: where each is, which line it came from, how. */
    refinements: jsonb('refinements')
      .$type<RefinementDto[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** While a refinement is pending: what was asked (the lines are kept; the result is appended). */
    refine: jsonb('refine').$type<{ index: number; action: RefineAction; language: LanguageId }>(),
    /** Written from a photo (POST /lines/photo). The photo itself is never stored: only this flag. */
    fromPhoto: boolean('from_photo').notNull().default(false),
    /** pending | running | completed | failed */
    status: text('status').notNull().default('pending'),
    source: text('source'),
    lines: jsonb('lines')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: text('error'),
    /** Per-provider attempts: [{provider, ms, ok, error?}] */
    timings: jsonb('timings')
      .$type<Array<{ provider: string; ms: number; ok: boolean; error?: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    /** Bumped by each regeneration of one line, so its job id differs from the original's. */
    revision: integer('revision').notNull().default(0),
    /** While a regeneration is pending: the index of the line being replaced (the others are kept). */
    replaceIndex: integer('replace_index'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('generations_user_created_idx').on(t.userId, t.createdAt), index('generations_pending_idx').on(t.status, t.createdAt)],
);

/** The quota counter: one row per subject per UTC day, incremented atomically. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    subject: text('subject').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.day] })],
);

export const savedLines = pgTable(
  'saved_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    category: text('category').notNull(),
    tone: text('tone').notNull(),
    generationId: uuid('generation_id').references(() => generations.id, { onDelete: 'set null' }),
    /** Where the line will be posted (a platform id), if the user said. */
    platform: text('platform'),
    /** Saved from a client approval link: the reviewer who approved it and when ("approved by <name> on <date>"). */
    approvedByName: text('approved_by_name'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_lines_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('saved_lines_user_text_uidx').on(t.userId, sql`lower(${t.text})`),
    /**
     * Search within one user's library: ILIKE '%term%' (any case, parts of words) through pg_trgm,
     * with user_id in the same GIN index (btree_gin) so a search never walks other users' matches.
     */
    index('saved_lines_user_text_trgm_idx').using('gin', t.userId, t.text.op('gin_trgm_ops')),
  ],
);

/**
 * `Idempotency-Key` of POST /lines/save, per user: the same key within 24 hours answers the
 * first request's status and saved line instead of saving again (an offline phone retrying its
 * queued save). `fingerprint` is a hash of the request body: a key reused for other content is refused.
 */
export const saveIdempotencyKeys = pgTable(
  'save_idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    savedLine: jsonb('saved_line').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('save_idempotency_keys_created_idx').on(t.createdAt)],
);
