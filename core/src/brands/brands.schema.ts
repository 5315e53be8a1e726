import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from '../teams/teams.schema';
import { users } from '../accounts/users.schema';

/**
 * Brand kits: a customer's own voice (name, audience, words to use and avoid, example lines).
 * Personal (`team_id` null) or shared with a team (`team_id` set; `user_id` is then who created it,
 * and it goes with the team).
 */
export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    audience: text('audience').notNull().default(''),
    wordsToUse: jsonb('words_to_use')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    wordsToAvoid: jsonb('words_to_avoid')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    exampleLines: jsonb('example_lines')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The kit's voice never uses "!". */
    noExclamation: boolean('no_exclamation').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('brands_user_created_idx').on(t.userId, t.createdAt), index('brands_team_created_idx').on(t.teamId, t.createdAt)],
);
