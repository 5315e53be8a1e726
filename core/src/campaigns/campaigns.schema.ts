import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brands } from '../brands/brands.schema';
import { generations } from '../lines/lines.schema';
import { users } from '../accounts/users.schema';

/**
 * Campaigns (DESIGN.md §16): a brief for an occasion over 1-14 days on 1-4 platforms. Each day ×
 * platform is one `campaign_lines` row tied to its own generation (recorded with the campaign, in
 * the same transaction, then enqueued); `status` turns `completed` once, when every line was tried.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occasion: text('occasion'),
    /** The occurrence of the occasion the campaign is about (inside its dates, or the nearest one). */
    occasionDate: date('occasion_date', { mode: 'string' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    platforms: jsonb('platforms').$type<string[]>().notNull(),
    /** Null: each platform's usual kind of line. */
    category: text('category'),
    tone: text('tone').notNull(),
    topic: text('topic'),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('en'),
    /** running | completed */
    status: text('status').notNull().default('running'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('campaigns_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export const campaignLines = pgTable(
  'campaign_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** 0-based day of the campaign, and its date. */
    day: integer('day').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    platform: text('platform').notNull(),
    /** The platform's place in the campaign's list (the calendar's column order). */
    position: integer('position').notNull(),
    category: text('category').notNull(),
    generationId: uuid('generation_id')
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    /** The text edited by hand; null: the generation's line. */
    text: text('text'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_lines_campaign_day_platform_uidx').on(t.campaignId, t.day, t.platform),
    uniqueIndex('campaign_lines_generation_uidx').on(t.generationId),
  ],
);
