import { z } from 'zod';
import { CATEGORY_IDS, GENERATION_SOURCES, TONES } from '../platform/catalogue';
import { countSchema, emailSchema } from '../platform/contract/common';
import { nameSchema, passwordSchema } from './auth.contract';
import { CURRENT_PASSWORD_MAX, DELETE_ACCOUNT_WORD, NAME_MAX } from '../platform/contract/limits';

export const updateProfileBody = z.strictObject({ name: nameSchema });
export const changePasswordBody = z.strictObject({
  currentPassword: z.string({ message: 'Current password is required' }).min(1, 'Current password is required').max(CURRENT_PASSWORD_MAX),
  newPassword: passwordSchema,
});

export const newsletterBody = z.strictObject({ email: emailSchema });

const currentPassword = z.string({ message: 'Password is required' }).min(1, 'Password is required').max(CURRENT_PASSWORD_MAX);
export const changeEmailBody = z.strictObject({ newEmail: emailSchema, password: currentPassword });
export const deleteAccountBody = z.strictObject({
  password: currentPassword,
  confirm: z.literal(DELETE_ACCOUNT_WORD, { error: 'Type DELETE to confirm' }),
});
/** POST /newsletter/unsubscribe: the token in the query (RFC 8058 one-click) or in a JSON body. */
export const unsubscribeQuery = z.object({ token: z.string().max(200).optional() });
export const unsubscribeBody = z.object({
  token: z.string().max(200).optional(),
  /** RFC 8058: the form field a one-click POST carries. */
  'List-Unsubscribe': z.literal('One-Click').optional(),
});

import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS } from '../platform/contract/limits';
export { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS };

export const contactBody = z.strictObject({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
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
export const usageAnalyticsDto = z.object({
  days: z
    .array(z.object({ date: z.iso.date(), generations: countSchema }))
    .describe(
      'the last 30 days of the user’s own calendar (users.time_zone), oldest first, today last; every day present (0 when nothing happened)',
    ),
  byCategory: z.array(z.object({ category: z.enum(CATEGORY_IDS), generations: countSchema })),
  byTone: z.array(z.object({ tone: z.enum(TONES), generations: countSchema })),
  bySource: z
    .array(z.object({ source: z.enum(GENERATION_SOURCES), generations: countSchema }))
    .describe('completed generations by the provider that answered'),
  totalGenerations: countSchema,
  savedCount: countSchema.describe('lines in the saved library now'),
  periodDays: countSchema,
  from: z.iso.date().describe('first day of the period (the user’s local date)'),
  to: z.iso.date().describe('last day of the period (the user’s local today)'),
});
export type UsageAnalyticsDto = z.infer<typeof usageAnalyticsDto>;

/** Subscribed to the newsletter (a confirmation e-mail follows). */
export const subscribedDto = z.object({ subscribed: z.literal(true) });
export type SubscribedDto = z.infer<typeof subscribedDto>;

/** Unsubscribed from the newsletter. */
export const unsubscribedDto = z.object({ unsubscribed: z.literal(true) });
export type UnsubscribedDto = z.infer<typeof unsubscribedDto>;
