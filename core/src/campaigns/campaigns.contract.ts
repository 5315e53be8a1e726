import { z } from 'zod';
import { CATEGORY_IDS, LANGUAGE_IDS, TONES } from '../platform/catalogue';
import { OCCASION_IDS, isCalendarDay, PLATFORM_IDS, GENERATION_STATUSES, refineBody, usageSummaryDto } from '../lines';
import { categorySchema, countSchema, timestampSchema, toneSchema, uuidSchema } from '../platform/contract/common';
import {
  CAMPAIGN_DAYS_MAX,
  CAMPAIGN_DAYS_MIN,
  CAMPAIGN_PLATFORMS_MAX,
  CAMPAIGN_PLATFORMS_MIN,
  CAMPAIGNS_RUNNING_MAX,
  SAVED_TEXT_MAX,
  TOPIC_MAX,
} from '../platform/contract/limits';

export { CAMPAIGN_DAYS_MAX, CAMPAIGN_DAYS_MIN, CAMPAIGN_PLATFORMS_MAX, CAMPAIGN_PLATFORMS_MIN, CAMPAIGNS_RUNNING_MAX };

const dayMessage = 'startsOn must be a date written YYYY-MM-DD';
export const calendarDaySchema = z
  .string({ message: dayMessage })
  .regex(/^\d{4}-\d{2}-\d{2}$/, dayMessage)
  .refine(isCalendarDay, 'startsOn must be a real calendar date');

const platformsMessage = `Choose ${CAMPAIGN_PLATFORMS_MIN} to ${CAMPAIGN_PLATFORMS_MAX} platforms`;
const daysMessage = `days must be a whole number from ${CAMPAIGN_DAYS_MIN} to ${CAMPAIGN_DAYS_MAX}`;

/**
 * POST /campaigns: one line per day × platform, each a generation. `startsOn` is a calendar day,
 * today (UTC) or later; `occasion` omitted: a plain run of dates. `category` omitted: each
 * platform's usual kind of line (bios for bios, ad lines for ads, captions for posts).
 */
export const createCampaignBody = z.strictObject({
  occasion: z.enum(OCCASION_IDS, { message: 'occasion must be one of the ids GET /api/campaigns/occasions lists' }).optional(),
  startsOn: calendarDaySchema,
  days: z.number({ message: daysMessage }).int(daysMessage).min(CAMPAIGN_DAYS_MIN, daysMessage).max(CAMPAIGN_DAYS_MAX, daysMessage),
  platforms: z
    .array(z.enum(PLATFORM_IDS, { message: 'platforms must be ids that GET /api/platforms lists' }), { message: platformsMessage })
    .min(CAMPAIGN_PLATFORMS_MIN, platformsMessage)
    .max(CAMPAIGN_PLATFORMS_MAX, platformsMessage)
    .refine((p) => new Set(p).size === p.length, 'Choose each platform once'),
  category: categorySchema.optional(),
  tone: toneSchema,
  topic: z.string().trim().max(TOPIC_MAX, `Topic must be at most ${TOPIC_MAX} characters`).optional(),
  brandId: uuidSchema.optional(),
  language: z.enum(LANGUAGE_IDS, { message: 'Choose a supported language' }).default('en'),
});
export type CreateCampaignBody = z.infer<typeof createCampaignBody>;

export const campaignIdParams = z.object({ id: uuidSchema });
export const campaignLineParams = z.object({ id: uuidSchema, lineId: uuidSchema });

/** PATCH /campaigns/:id/lines/:lineId: the line's text, edited by hand (within its platform's limit). */
export const editCampaignLineBody = z.strictObject({
  text: z
    .string({ message: 'Text is required' })
    .trim()
    .min(1, 'Text is required')
    .max(SAVED_TEXT_MAX, `Text must be at most ${SAVED_TEXT_MAX} characters`),
});
export type EditCampaignLineBody = z.infer<typeof editCampaignLineBody>;

/**
 * POST /campaigns/:id/lines/:lineId/refine: the line as it stands, refined (shorter, punchier, translated…)
 * through its generation; the refined line becomes the campaign's line.
 */
export const refineCampaignLineBody = z
  .strictObject({ action: refineBody.shape.action, language: refineBody.shape.language })
  .refine((b) => b.action !== 'translate' || b.language !== undefined, {
    message: 'language is required to translate',
    path: ['language'],
  });
export type RefineCampaignLineBody = z.infer<typeof refineCampaignLineBody>;

export const CAMPAIGN_EXPORT_FORMATS = ['csv', 'google_ads', 'meta_ads'] as const;
export type CampaignExportFormat = (typeof CAMPAIGN_EXPORT_FORMATS)[number];
export const campaignExportQuery = z.object({
  format: z.enum(CAMPAIGN_EXPORT_FORMATS, { message: 'format must be csv, google_ads or meta_ads' }).default('csv'),
});

export const listCampaignsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const occasionDto = z.object({
  id: z.enum(OCCASION_IDS),
  name: z.string(),
  kind: z.enum(['kenyan_calendar', 'shopping']),
  nextDate: z.iso
    .date()
    .nullable()
    .describe('the next date on or after today (UTC); null when not known yet (a moving date past the table)'),
});
export type OccasionDto = z.infer<typeof occasionDto>;
/** GET /campaigns/occasions */
export const occasionsDto = z.object({ occasions: z.array(occasionDto) });
export type OccasionsDto = z.infer<typeof occasionsDto>;

export const CAMPAIGN_STATUSES = ['running', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaignLineDto = z.object({
  id: z.uuid(),
  /** 0-based day of the campaign. */
  day: z
    .int()
    .min(0)
    .max(CAMPAIGN_DAYS_MAX - 1),
  date: z.iso.date(),
  platform: z.enum(PLATFORM_IDS),
  category: z.enum(CATEGORY_IDS),
  /** The line's generation: regenerate and refine it through /lines/generations/:id. */
  generationId: z.uuid(),
  status: z.enum(GENERATION_STATUSES).describe('the generation behind the line; failed: no line could be written'),
  text: z.string().nullable().describe('the line (edited by hand when `edited`); null until written'),
  edited: z.boolean(),
  characters: countSchema.nullable().describe("the text's length as the platform counts it"),
  maxChars: z.int().min(1).describe("the platform's limit"),
});
export type CampaignLineDto = z.infer<typeof campaignLineDto>;

export const campaignSummaryDto = z.object({
  id: z.uuid(),
  occasion: z.enum(OCCASION_IDS).nullable(),
  occasionName: z.string().nullable(),
  occasionDate: z.iso.date().nullable().describe('the occurrence the campaign is about (inside its dates or the nearest one)'),
  startsOn: z.iso.date(),
  days: z.int().min(CAMPAIGN_DAYS_MIN).max(CAMPAIGN_DAYS_MAX),
  platforms: z.array(z.enum(PLATFORM_IDS)),
  category: z.enum(CATEGORY_IDS).nullable().describe("null: each platform's usual kind of line"),
  tone: z.enum(TONES),
  topic: z.string().nullable(),
  brandId: z.uuid().nullable(),
  language: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  total: countSchema.describe('lines asked for: days × platforms'),
  done: countSchema.describe('lines written'),
  failed: countSchema.describe('lines that could not be written (regenerate them)'),
  createdAt: timestampSchema,
  completedAt: timestampSchema.nullable(),
});
export type CampaignSummaryDto = z.infer<typeof campaignSummaryDto>;

/** GET /campaigns/:id: the campaign and its lines, by day then in the order of its platforms. */
export const campaignDto = campaignSummaryDto.extend({ lines: z.array(campaignLineDto) });
export type CampaignDto = z.infer<typeof campaignDto>;

/** GET /campaigns: the caller's campaigns, newest first. */
export const campaignsDto = z.object({ campaigns: z.array(campaignSummaryDto) });
export type CampaignsDto = z.infer<typeof campaignsDto>;

/** POST /campaigns: 202; the lines follow over Socket.IO (campaign:progress, then campaign:completed). */
export const campaignAcceptedDto = z.object({
  id: z.uuid(),
  total: countSchema,
  usage: usageSummaryDto.describe("today's usage after counting the campaign's lines"),
});
export type CampaignAcceptedDto = z.infer<typeof campaignAcceptedDto>;

/** PATCH and regenerate of one line answer the line as it now stands. */
export const campaignLineResultDto = z.object({ line: campaignLineDto });
export type CampaignLineResultDto = z.infer<typeof campaignLineResultDto>;
