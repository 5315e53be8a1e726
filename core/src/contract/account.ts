import { z } from 'zod';
import type { CategoryId, GenerationSource, Tone } from '../catalogue';
import { emailSchema } from './common';
import { nameSchema, passwordSchema } from './auth';

export const updateProfileBody = z.strictObject({ name: nameSchema });
export const changePasswordBody = z.strictObject({
  currentPassword: z.string({ message: 'Current password is required' }).min(1, 'Current password is required').max(1024),
  newPassword: passwordSchema,
});

export const newsletterBody = z.strictObject({ email: emailSchema });

const currentPassword = z.string({ message: 'Password is required' }).min(1, 'Password is required').max(1024);
export const changeEmailBody = z.strictObject({ newEmail: emailSchema, password: currentPassword });
export const deleteAccountBody = z.strictObject({
  password: currentPassword,
  confirm: z.literal('DELETE', { error: 'Type DELETE to confirm' }),
});
/** POST /newsletter/unsubscribe: the token in the query (RFC 8058 one-click) or in a JSON body. */
export const unsubscribeQuery = z.object({ token: z.string().max(200).optional() });
export const unsubscribeBody = z.object({
  token: z.string().max(200).optional(),
  /** RFC 8058: the form field a one-click POST carries. */
  'List-Unsubscribe': z.literal('One-Click').optional(),
});

import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS } from './limits';
export { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS };

export const contactBody = z.strictObject({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: emailSchema,
  subject: z.enum(CONTACT_SUBJECTS, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'Subject is required' : 'Choose a subject from the list'),
  }),
  message: z
    .string({ message: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
});

/** GET /users/analytics (plans with analytics). Failed generations are not counted. */
export interface UsageAnalyticsDto {
  /** The last 30 UTC days, oldest first, today last; every day present (0 when nothing happened). */
  days: Array<{ date: string; generations: number }>;
  byCategory: Array<{ category: CategoryId; generations: number }>;
  byTone: Array<{ tone: Tone; generations: number }>;
  /** Completed generations by the provider that answered. */
  bySource: Array<{ source: GenerationSource; generations: number }>;
  totalGenerations: number;
  /** Lines in the saved library now. */
  savedCount: number;
  periodDays: number;
  /** First and last day of the period (YYYY-MM-DD, UTC). */
  from: string;
  to: string;
}
