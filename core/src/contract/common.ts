import { z } from 'zod';
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
  'PAYLOAD_TOO_LARGE',
  'DAILY_LIMIT_REACHED',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'PROVIDER_ERROR',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiSuccess<T> {
  success: true;
  data: T;
}
export interface ApiFailure {
  success: false;
  error: string;
  code: ErrorCode;
  details?: unknown[];
}
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

export const categorySchema = z.enum(CATEGORY_IDS, { message: 'Choose a valid category' });
export const toneSchema = z.enum(TONES, { message: 'Choose a valid tone' });
export const uuidSchema = z.uuid({ message: 'Must be a valid id' });

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An 8-4-4-4-12 hex id, any case (looser than uuidSchema, which also checks the version bits). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/** Basic e-mail pattern of the spec: non-space text, an @, then a domain with a dot. */
export const SPEC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

export const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .regex(SPEC_EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)
  .transform((e) => e.toLowerCase());
