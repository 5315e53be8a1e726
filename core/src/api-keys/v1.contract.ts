import { z } from 'zod';
import { GENERATION_SOURCES, PLAN_IDS } from '../platform/catalogue';
import { categorySchema, countSchema, limitSchema, timestampSchema, toneSchema, uuidSchema } from '../platform/contract/common';
import { generateBody, saveLineBody, savedLineDto } from '../lines';
import { planDto } from '../billing';
import { API_KEY_NAME_MAX, API_KEY_PREFIX } from '../platform/contract/limits';
export { API_KEY_PREFIX };

/** POST /v1/generate: the same fields and messages as POST /lines/generate; tone defaults to corporate. */
export const v1GenerateBody = z.strictObject({
  ...generateBody.shape,
  tone: toneSchema.default('corporate'),
});

/** POST /v1/save-line: text, category and tone, all required; platform optional. */
export const v1SaveLineBody = z.strictObject({
  text: saveLineBody.shape.text,
  category: categorySchema,
  tone: toneSchema,
  platform: saveLineBody.shape.platform,
});

export const createApiKeyBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(API_KEY_NAME_MAX, `Name must be at most ${API_KEY_NAME_MAX} characters`)
    .default('Default key'),
});

export const apiKeyIdParams = z.object({ id: uuidSchema });

/** An API key as /api-keys lists it: the secret itself is only in the answer that creates it. */
export const apiKeyDto = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe('the first characters of the key, to tell keys apart'),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
  revokedAt: timestampSchema.nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeyDto>;
export const apiKeyCreatedDto = z.object({
  apiKey: apiKeyDto,
  key: z.string().describe(`the secret key (${API_KEY_PREFIX}...): shown only in this answer`),
});
export type ApiKeyCreatedDto = z.infer<typeof apiKeyCreatedDto>;

export const v1UsageDto = z.object({
  remaining: limitSchema.describe('generations left today; -1 means unlimited'),
  total: limitSchema.describe('the daily limit; -1 means unlimited'),
  used: countSchema,
  monthlyGenerations: countSchema,
  planId: z.enum(PLAN_IDS),
  resetsAt: timestampSchema,
});
export type V1UsageDto = z.infer<typeof v1UsageDto>;

/** The public API answers top-level objects (no `data` envelope). */
export const v1GenerateResultDto = z.object({
  success: z.literal(true),
  id: z.uuid(),
  lines: z.array(z.string()),
  source: z.enum(GENERATION_SOURCES),
  usage: v1UsageDto,
});
export type V1GenerateResultDto = z.infer<typeof v1GenerateResultDto>;
export const v1UsageResultDto = z.object({ success: z.literal(true), usage: v1UsageDto });
export type V1UsageResultDto = z.infer<typeof v1UsageResultDto>;
export const v1PlansResultDto = z.object({ success: z.literal(true), plans: z.array(planDto) });
export type V1PlansResultDto = z.infer<typeof v1PlansResultDto>;
export const v1SaveLineResultDto = z.object({ success: z.literal(true), savedLine: savedLineDto, alreadySaved: z.boolean() });
export type V1SaveLineResultDto = z.infer<typeof v1SaveLineResultDto>;
export type V1GenerateBody = z.infer<typeof v1GenerateBody>;
export type V1SaveLineBody = z.infer<typeof v1SaveLineBody>;

/** The account's API keys. */
export const apiKeyListDto = z.object({ apiKeys: z.array(apiKeyDto) });
export type ApiKeyListDto = z.infer<typeof apiKeyListDto>;

/** One API key (as it is after a change: revoked). */
export const apiKeyResultDto = z.object({ apiKey: apiKeyDto });
export type ApiKeyResultDto = z.infer<typeof apiKeyResultDto>;
