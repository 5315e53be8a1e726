import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isUuid, SPEC_EMAIL_PATTERN } from './limits';
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

export { INVALID_EMAIL_MESSAGE, isUuid, SPEC_EMAIL_PATTERN };

export const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .regex(SPEC_EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)
  .transform((e) => e.toLowerCase());
