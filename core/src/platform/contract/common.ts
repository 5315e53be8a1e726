import { z } from 'zod';
import { EMAIL_MAX, INVALID_EMAIL_MESSAGE, isUuid, SPEC_EMAIL_PATTERN } from './limits';
import { CATEGORY_IDS, TONES } from '../catalogue';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'PLAN_REQUIRED',
  'EMAIL_NOT_VERIFIED',
  'SEAT_LIMIT',
  'INVALID_TOKEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYMENT_DECLINED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VISION_UNAVAILABLE',
  'DAILY_LIMIT_REACHED',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'PROVIDER_ERROR',
  'TIMEOUT',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiSuccess<T> {
  success: true;
  data: T;
}
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

export const categorySchema = z.enum(CATEGORY_IDS, { message: 'Choose a valid category' });
export const toneSchema = z.enum(TONES, { message: 'Choose a valid tone' });
export const uuidSchema = z.uuid({ message: 'Must be a valid id' });

export { INVALID_EMAIL_MESSAGE, isUuid, SPEC_EMAIL_PATTERN };

export const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, 'Email is too long')
  .regex(SPEC_EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)
  .transform((e) => e.toLowerCase());

/**
 * What the API answers. Each answer shape is one zod schema named `<name>Dto` (the OpenAPI
 * component `<Name>`) and one type inferred from it; the server builds, the OpenAPI document
 * describes and the client reads (through the zod-free `@gl/core/types`) that same type.
 */
export const timestampSchema = z.iso.datetime({ offset: true });
export const countSchema = z.int().min(0);
export const limitSchema = z.int().min(-1).describe('-1 means unlimited');

/** Every error answer: `{ success: false, error, code, details? }` (details: the fields that failed validation). */
export const errorEnvelopeDto = z.object({
  success: z.literal(false),
  error: z.string().describe('a message fit to show a person'),
  code: z.enum(ERROR_CODES),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiFailure = z.infer<typeof errorEnvelopeDto>;

/** An e-mail was (or, without telling whether the account exists, would have been) sent. */
export const sentDto = z.object({ sent: z.literal(true) });
export type SentDto = z.infer<typeof sentDto>;

/** The id of what was just created or removed. */
export const idDto = z.object({ id: uuidSchema });
export type IdDto = z.infer<typeof idDto>;

/** It is gone (a brand, an account). */
export const deletedDto = z.object({ deleted: z.literal(true) });
export type DeletedDto = z.infer<typeof deletedDto>;

/** It was revoked (a session, an invitation). */
export const revokedDto = z.object({ revoked: z.literal(true) });
export type RevokedDto = z.infer<typeof revokedDto>;

/** Done, with nothing to say (signing out). */
export const emptyDto = z.object({});
export type EmptyDto = z.infer<typeof emptyDto>;
