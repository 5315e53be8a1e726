import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';
import { teams } from '../teams/teams.schema';
import { generations } from '../lines/lines.schema';

/**
 * Client approval links (DESIGN.md §21). The link's token is never stored: only its SHA-256
 * (`token_hash`); the PIN only as an HMAC keyed with the server's secret (`pin_hash`). Deleting the
 * creator's account deletes their links; a team that goes away leaves its links to their creators.
 */
export const approvalLinks = pgTable(
  'approval_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sha256 (hex) of the 128-bit token in the link. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The team that sees the link and its decisions live; null: the creator only. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    note: text('note'),
    /** HMAC-SHA256 (hex) of the PIN, keyed by the server; null: no PIN. */
    pinHash: text('pin_hash'),
    /** Wrong PINs since the last unlock; the link locks at APPROVAL_PIN_ATTEMPTS_MAX. */
    pinFailures: integer('pin_failures').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** The client page's language: en | sw. */
    language: text('language').notNull().default('en'),
    /** generation | campaign | saved (where the first lines came from) and that item's id (null for saved lines). */
    sourceKind: text('source_kind').notNull(),
    sourceId: uuid('source_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastDecisionAt: timestamp('last_decision_at', { withTimezone: true }),
    /** Decisions not yet in a summary e-mail to the creator. */
    summaryPending: boolean('summary_pending').notNull().default(false),
    /** Summary e-mails sent so far: part of the summary job's id. */
    summaryRound: integer('summary_round').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_links_token_hash_uidx').on(t.tokenHash),
    index('approval_links_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('approval_links_team_created_idx')
      .on(t.teamId, t.createdAt.desc())
      .where(sql`${t.teamId} is not null`),
    index('approval_links_summary_pending_idx')
      .on(t.lastDecisionAt)
      .where(sql`${t.summaryPending}`),
  ],
);

/**
 * A line of a link as the client sees it now: its current version's text (a copy, so later edits
 * of the source change nothing) and state. Earlier versions are in approval_line_versions.
 */
export const approvalLines = pgTable(
  'approval_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvalLinks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    version: integer('version').notNull().default(1),
    text: text('text').notNull(),
    platform: text('platform'),
    /** The kind of line and tone it was written as (for saving it to a library); null: not known. */
    category: text('category'),
    tone: text('tone'),
    /**
     * The generation line the current version is (a line shared from a generation, a campaign's
     * generated line, a refined version): refining it again goes through that generation. Null for
     * a line from a library or written by hand: it is refined from its text.
     */
    generationId: uuid('generation_id').references(() => generations.id, { onDelete: 'set null' }),
    generationIndex: integer('generation_index'),
    /** pending | approved | changes_requested, on the current version. */
    state: text('state').notNull().default('pending'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('approval_lines_approval_position_uidx').on(t.approvalId, t.position)],
);

/** Every version of every line (the current one included), as shared. */
export const approvalLineVersions = pgTable(
  'approval_line_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => approvalLines.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    platform: text('platform'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('approval_line_versions_line_version_uidx').on(t.lineId, t.version)],
);

/** Every decision and comment, kept: who (the name the reviewer gave), what, on which version, when. */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvalLinks.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => approvalLines.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** approve | request_changes | comment */
    decision: text('decision').notNull(),
    reviewerName: text('reviewer_name').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_decisions_approval_created_idx').on(t.approvalId, t.createdAt)],
);
