import { z } from 'zod';
import { categorySchema, toneSchema, uuidSchema } from './common';
import { generateBody, saveLineBody } from './lines';

/** POST /v1/generate: the same fields and messages as POST /lines/generate; tone defaults to corporate. */
export const v1GenerateBody = z.strictObject({
  ...generateBody.shape,
  tone: toneSchema.default('corporate'),
});

/** POST /v1/save-line: text, category and tone, all required. */
export const v1SaveLineBody = z.strictObject({
  text: saveLineBody.shape.text,
  category: categorySchema,
  tone: toneSchema,
});

export const createApiKeyBody = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters').default('Default key'),
});

export const apiKeyIdParams = z.object({ id: uuidSchema });
