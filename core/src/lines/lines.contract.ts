import { z } from 'zod';
import { CATEGORY_IDS, GENERATION_SOURCES, LANGUAGE_IDS, PLAN_IDS, TONES } from '../platform/catalogue';
import { EMOJI_MODES, HASHTAG_MODES, PLATFORM_COUNTINGS, PLATFORM_IDS, REFINE_ACTIONS } from './platforms';
import { categorySchema, countSchema, limitSchema, timestampSchema, toneSchema, uuidSchema } from '../platform/contract/common';

import {
  COUNT_DEFAULT,
  COUNT_MAX,
  COUNT_MIN,
  GENERATION_LINES_MAX,
  PROMPT_MAX,
  REFINEMENTS_MAX,
  SAVED_TEXT_MAX,
  TOPIC_MAX,
} from '../platform/contract/limits';
import { MAX_CHARS_MIN, SAVED_SEARCH_MAX } from '../platform/contract/limits';
export { COUNT_DEFAULT, COUNT_MAX, COUNT_MIN, GENERATION_LINES_MAX, PROMPT_MAX, REFINEMENTS_MAX, SAVED_TEXT_MAX, TOPIC_MAX };

const platformSchema = z.enum(PLATFORM_IDS, { message: 'platform must be one of the platforms GET /api/platforms lists' });

export const generateBody = z.strictObject({
  category: categorySchema,
  tone: toneSchema,
  topic: z.string().trim().max(TOPIC_MAX, `Topic must be at most ${TOPIC_MAX} characters`).optional(),
  prompt: z.string().trim().max(PROMPT_MAX, `Custom instructions must be at most ${PROMPT_MAX} characters`).optional(),
  count: z
    .number({ message: 'Count must be a number' })
    .int('Count must be a whole number')
    .min(COUNT_MIN, `Count must be between ${COUNT_MIN} and ${COUNT_MAX}`)
    .max(COUNT_MAX, `Count must be between ${COUNT_MIN} and ${COUNT_MAX}`)
    .default(COUNT_DEFAULT),
  language: z.enum(LANGUAGE_IDS, { message: 'Choose a supported language' }).default('en'),
  maxChars: z
    .number({ message: 'maxChars must be a number' })
    .int()
    .min(MAX_CHARS_MIN, `maxChars must be at least ${MAX_CHARS_MIN}`)
    .max(500)
    .optional(),
  /** One of the caller's brand kits: the lines speak in its voice and never use its words to avoid. */
  brandId: uuidSchema.optional(),
  /** Where the lines will be posted: its limit applies beside maxChars (the smaller wins), and its hashtag and emoji defaults. */
  platform: platformSchema.optional(),
  /** `none`: no hashtags; `few`: 1 to 3 at the end. Default: the platform's (none without a platform, except captions). */
  hashtags: z.enum(HASHTAG_MODES, { message: 'hashtags must be none or few' }).optional(),
  /** `none`: no emoji; `some`: at most 2 per line. Default: the platform's. */
  emoji: z.enum(EMOJI_MODES, { message: 'emoji must be none or some' }).optional(),
});
export type GenerateBody = z.infer<typeof generateBody>;

export const COMPARE_TONES_MIN = 2;
export const COMPARE_TONES_MAX = 3;

/** POST /lines/compare: one brief in 2-3 distinct tones, one generation per tone. */
export const compareBody = z.strictObject({
  ...generateBody.omit({ tone: true }).shape,
  tones: z
    .array(toneSchema, { message: 'tones must be a list of tones' })
    .min(COMPARE_TONES_MIN, `Choose ${COMPARE_TONES_MIN} or ${COMPARE_TONES_MAX} tones to compare`)
    .max(COMPARE_TONES_MAX, `Choose ${COMPARE_TONES_MIN} or ${COMPARE_TONES_MAX} tones to compare`)
    .refine((tones) => new Set(tones).size === tones.length, 'Choose different tones: each tone can be compared once'),
});
export type CompareBody = z.infer<typeof compareBody>;

export const regenerateBody = z.strictObject({
  index: z
    .number({ message: 'index must be a number' })
    .int()
    .min(0)
    .max(COUNT_MAX - 1),
});

/** POST /lines/generations/:id/refine: one line of that generation, refined; the result is appended beside it. */
export const refineBody = z
  .strictObject({
    /** Any line of the generation, a refined one included (its count plus up to REFINEMENTS_MAX refinements). */
    index: z
      .number({ message: 'index must be a number' })
      .int('index must be a whole number')
      .min(0, 'index must be 0 or more')
      .max(GENERATION_LINES_MAX - 1, `index must be at most ${GENERATION_LINES_MAX - 1}`),
    action: z.enum(REFINE_ACTIONS, { message: `action must be one of: ${REFINE_ACTIONS.join(', ')}` }),
    language: z.enum(LANGUAGE_IDS, { message: 'Choose a supported language' }).optional(),
  })
  .refine((b) => b.action !== 'translate' || b.language !== undefined, {
    message: 'language is required to translate',
    path: ['language'],
  });
export type RefineBody = z.infer<typeof refineBody>;

export const platformDto = z.object({
  id: z.enum(PLATFORM_IDS),
  name: z.string(),
  maxChars: z.int().min(1).describe('hard limit, counted as `counting` says'),
  counting: z
    .enum(PLATFORM_COUNTINGS)
    .describe('graphemes: user-perceived characters; x_weighted: as X counts (twitter-text); gsm7: one GSM-7 SMS segment'),
  hashtags: z.enum(HASHTAG_MODES).describe('default hashtag mode'),
  emoji: z.enum(EMOJI_MODES).describe('default emoji mode'),
});
export type PlatformDto = z.infer<typeof platformDto>;
/** GET /platforms */
export const platformsDto = z.object({ platforms: z.array(platformDto) });
export type PlatformsDto = z.infer<typeof platformsDto>;

export const generationIdParams = z.object({ id: uuidSchema });
export const listGenerationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const GENERATION_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

const category = z.enum(CATEGORY_IDS);
const tone = z.enum(TONES);

/** One refined line of a generation: appended at `index`, made from line `from` by `action`. */
export const refinementDto = z.object({
  index: z.int().min(0).describe('where the refined line is in `lines`'),
  from: z.int().min(0).describe('the line it was made from'),
  action: z.enum(REFINE_ACTIONS),
  language: z.enum(LANGUAGE_IDS).describe('the language of the refined line'),
});
export type RefinementDto = z.infer<typeof refinementDto>;

/** Today's usage against the plan's daily limit (UTC day). */
export const usageSummaryDto = z.object({
  planId: z.enum(PLAN_IDS),
  dailyGenerations: countSchema,
  monthlyGenerations: countSchema,
  limit: limitSchema,
  remaining: limitSchema,
  resetsAt: timestampSchema,
});
export type UsageSummary = z.infer<typeof usageSummaryDto>;

export const generationDto = z.object({
  id: z.uuid(),
  status: z.enum(GENERATION_STATUSES),
  category,
  tone,
  topic: z.string().nullable(),
  count: z.int().min(COUNT_MIN).max(COUNT_MAX),
  language: z.string(),
  lines: z.array(z.string()).describe('the lines in order; refined lines are appended after the original ones (see `refinements`)'),
  platform: z.enum(PLATFORM_IDS).nullable().describe('where the lines will be posted; its limit applied'),
  hashtags: z.enum(HASHTAG_MODES).describe('the hashtag rule every line meets (the request, else the default)'),
  emoji: z
    .enum(EMOJI_MODES)
    .describe('the emoji rule every line meets (the request, else the default; a brand voice without emoji makes it none)'),
  refinements: z.array(refinementDto).max(REFINEMENTS_MAX),
  source: z.enum(GENERATION_SOURCES).nullable(),
  error: z.string().nullable(),
  fromPhoto: z.boolean().describe('written from a photo (the photo itself is not kept)'),
  createdAt: timestampSchema,
  completedAt: timestampSchema.nullable(),
});
export type GenerationDto = z.infer<typeof generationDto>;

/** POST /lines/generate: 202, the lines follow over the socket. */
export const generationAcceptedDto = z.object({
  generation: z.object({ id: z.uuid(), status: z.literal('pending') }),
  usage: usageSummaryDto,
});
export type GenerationAcceptedDto = z.infer<typeof generationAcceptedDto>;

/** POST /lines/compare: 202, one pending generation per tone. */
export const compareAcceptedDto = z.object({
  generations: z.array(z.object({ id: z.uuid(), status: z.literal('pending'), tone })),
  usage: usageSummaryDto,
});
export type CompareAcceptedDto = z.infer<typeof compareAcceptedDto>;

export const saveLineBody = z.strictObject({
  text: z
    .string({ message: 'Text is required' })
    .trim()
    .min(1, 'Text is required')
    .max(SAVED_TEXT_MAX, `Text must be at most ${SAVED_TEXT_MAX} characters`),
  category: categorySchema,
  tone: toneSchema,
  generationId: uuidSchema.optional(),
  /** Where the line will be posted; unset with a generationId: that generation's platform. */
  platform: platformSchema.optional(),
});
export type SaveLineBody = z.infer<typeof saveLineBody>;

/** Longest `Idempotency-Key` accepted (a UUID is 36 characters). */
export const IDEMPOTENCY_KEY_MAX = 128;

/**
 * Headers of POST /lines/save. `Idempotency-Key`: optional; printable ASCII without spaces, at most
 * 128 characters (a UUID is a good choice). The same key from the same user within 24 hours answers
 * the first request's status and saved line instead of saving again.
 */
export const saveLineHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .min(1, 'must not be empty')
    .max(IDEMPOTENCY_KEY_MAX, `must be at most ${IDEMPOTENCY_KEY_MAX} characters`)
    .regex(/^[\x21-\x7e]+$/, 'only printable ASCII characters without spaces')
    .optional()
    .describe(
      'Makes a retry safe: the same key from the same user within 24 hours answers the first request (same status and saved line) instead of saving again. Printable ASCII, at most 128 characters; a UUID per save is a good choice.',
    ),
});

export const listSavedQuery = z.object({
  search: z.string().trim().max(SAVED_SEARCH_MAX, `Search must be at most ${SAVED_SEARCH_MAX} characters`).optional(),
  category: z.union([z.literal('all'), categorySchema]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

export const savedLineIdParams = z.object({ id: uuidSchema });
export const exportQuery = z.object({
  format: z.enum(['csv', 'json'], { message: 'format must be csv or json' }).default('csv'),
  /** Optional: export only what the library currently shows. */
  search: listSavedQuery.shape.search,
  category: listSavedQuery.shape.category,
});

/** A line saved from a client approval link (POST /approvals/:id/save-approved): who approved it, when. Absent or null: not from one. */
export const approvedByDto = z
  .object({ name: z.string().describe('the reviewer who approved it'), at: timestampSchema })
  .nullable()
  .describe('shown as "approved by <name> on <date>"');
export type ApprovedByDto = z.infer<typeof approvedByDto>;

export const savedLineDto = z.object({
  id: z.uuid(),
  text: z.string(),
  category,
  tone,
  createdAt: timestampSchema,
  generationId: z.uuid().nullable(),
  platform: z.enum(PLATFORM_IDS).nullable(),
  approvedBy: approvedByDto.optional(),
});
export type SavedLineDto = z.infer<typeof savedLineDto>;

/** GET /lines/saved: one page, newest first; pass nextCursor back as `cursor` for the next page (null: no more). */
export const savedLinesPageDto = z.object({
  savedLines: z.array(savedLineDto),
  total: countSchema.describe('lines matching the search and category in the whole library, not just this page'),
  nextCursor: z.string().nullable().describe('pass back as `cursor` for the next page; null when there is no more'),
});
export type SavedLinesPageDto = z.infer<typeof savedLinesPageDto>;

/** GET /lines/saved/summary: the whole library's size and the categories present in it (catalogue order). */
export const savedLinesSummaryDto = z.object({
  total: countSchema,
  categories: z.array(z.object({ category, count: countSchema })),
});
export type SavedLinesSummaryDto = z.infer<typeof savedLinesSummaryDto>;

/** POST /lines/save: `alreadySaved` is true when the same text (any case) was already in the library. */
export const saveLineResultDto = z.object({ savedLine: savedLineDto, alreadySaved: z.boolean() });
export type SaveLineResultDto = z.infer<typeof saveLineResultDto>;

/** One generation. */
export const generationResultDto = z.object({ generation: generationDto });
export type GenerationResultDto = z.infer<typeof generationResultDto>;

/** The person's recent generations. */
export const generationListDto = z.object({ generations: z.array(generationDto) });
export type GenerationListDto = z.infer<typeof generationListDto>;

/** Every saved line deleted: how many there were. */
export const savedLinesDeletedDto = z.object({ deleted: countSchema });
export type SavedLinesDeletedDto = z.infer<typeof savedLinesDeletedDto>;
