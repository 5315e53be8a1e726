import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';

/** A Business-plan team. The owner is also a row in team_members (role `owner`). */
export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One team per user: the unique index on user_id holds it even under concurrent joins. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner | admin | member */
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_members_user_uidx').on(t.userId), index('team_members_team_idx').on(t.teamId, t.joinedAt)],
);

/**
 * An invitation by e-mail. The token is never stored, nor put in the e-mail job: the worker makes it
 * right before sending and stores only its SHA-256. `acceptedAt` and `revokedAt` make it single use;
 * `expiresAt` is 7 days after the last send.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    /** admin | member */
    role: text('role').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** sha256 of the link's token; null until the e-mail of this send is being sent (and after a re-send). */
    tokenHash: text('token_hash').unique(),
    /** Where the link in the e-mail points (PUBLIC_URL, or the configured HOST:PORT when that is unset). */
    linkBase: text('link_base').notNull(),
    /** The inviter's request language when the invitation was sent: the invitee has no account yet, so the e-mail goes out in it. */
    language: text('language').notNull().default('en'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The e-mail: pending | delivered | failed (per send; a re-send sets it back to pending). */
    emailStatus: text('email_status').notNull().default('pending'),
    /** Sends so far (1 on create; each re-send rotates the token and adds one): part of the e-mail job's id. */
    sends: integer('sends').notNull().default(1),
    emailError: text('email_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** One open invitation per address per team (a second invite re-sends the first). */
    uniqueIndex('team_invitations_open_uidx')
      .on(t.teamId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('team_invitations_email_pending_idx')
      .on(t.emailStatus)
      .where(sql`${t.emailStatus} = 'pending'`),
  ],
);

/** The shared library: lines saved to a team, with who saved them. */
export const teamLines = pgTable(
  'team_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The saver; null once their account is deleted (the line stays the team's). */
    savedBy: uuid('saved_by').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    category: text('category').notNull(),
    tone: text('tone').notNull(),
    /** Saved from a client approval link: the reviewer who approved it and when. */
    approvedByName: text('approved_by_name'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('team_lines_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('team_lines_team_text_uidx').on(t.teamId, sql`lower(${t.text})`),
    /** Search within one team's library (pg_trgm with team_id in the same GIN index through btree_gin). */
    index('team_lines_team_text_trgm_idx').using('gin', t.teamId, t.text.op('gin_trgm_ops')),
  ],
);
