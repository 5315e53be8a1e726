import { z } from 'zod';
import { PLAN_IDS } from '../platform/catalogue';
import { emailSchema, timestampSchema } from '../platform/contract/common';
import { languageSchema } from './language.contract';
import { TIME_ZONE_MAX } from '../platform/i18n/time';

import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../platform/contract/limits';
export { PASSWORD_MAX, PASSWORD_MIN };

export const passwordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

export const nameSchema = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

export const registerBody = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The language the browser shows now; kept on the account. An unknown tag is read as English, never refused. */
  language: z
    .string()
    .max(35, 'Language must be at most 35 characters')
    .optional()
    .describe('the interface language (en or sw); unknown is English'),
  /**
   * The browser's IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone). A name this
   * server does not know is not a reason to refuse a sign-up: it is read as absent (DESIGN.md §20).
   */
  timeZone: z
    .string()
    .max(TIME_ZONE_MAX, `Time zone must be at most ${TIME_ZONE_MAX} characters`)
    .optional()
    .describe("the browser's IANA time zone; absent or unknown: Africa/Nairobi for Kiswahili, else UTC"),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.strictObject({
  email: emailSchema,
  // On login the length rule is not re-checked: a wrong password is just 'Invalid email or password'.
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const refreshBody = z.strictObject({
  refreshToken: z.string({ message: 'Refresh token is required' }).min(1, 'Refresh token is required').max(200),
});
export const logoutBody = refreshBody.clone();

export const publicUserDto = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.email(),
  createdAt: timestampSchema,
  planId: z.enum(PLAN_IDS),
  isAdmin: z.boolean(),
  emailVerified: z.boolean().describe('the owner opened the verification link sent to this address'),
  language: languageSchema.describe("the account's interface language: its e-mails, reminders and receipts go out in it"),
  timeZone: z.string().describe("the account's IANA time zone: every time shown to it, and the daily quota's midnight, are in it"),
});
export type PublicUser = z.infer<typeof publicUserDto>;

export const authResultDto = z.object({
  user: publicUserDto,
  token: z.string().describe('access token (JWT)'),
  refreshToken: z.string(),
});
export type AuthResult = z.infer<typeof authResultDto>;

/** POST /auth/refresh: a new access token and the rotated refresh token. */
export const sessionTokensDto = z.object({ token: z.string(), refreshToken: z.string() });
export type SessionTokensDto = z.infer<typeof sessionTokensDto>;

/** A token from an e-mail link (base64url, 43 characters for 32 bytes; bounded generously). */
export const emailTokenSchema = z
  .string({ message: 'Token is required' })
  .trim()
  .min(1, 'Token is required')
  .max(200, 'This link is not valid. Please request a new one.');

export const forgotPasswordBody = z.strictObject({ email: emailSchema });
export const resetPasswordBody = z.strictObject({ token: emailTokenSchema, password: passwordSchema });
export const verifyEmailBody = z.strictObject({ token: emailTokenSchema });
export const sessionParams = z.strictObject({ id: z.uuid('Unknown session') });

/** One signed-in device (a refresh-token family). */
export const sessionDto = z.object({
  id: z.uuid(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema,
  current: z.boolean().describe('the session making this request'),
});
export type SessionDto = z.infer<typeof sessionDto>;

/** The signed-in person (their profile, a verified e-mail, a recovered account). */
export const userResultDto = z.object({ user: publicUserDto });
export type UserResultDto = z.infer<typeof userResultDto>;

/** The signed-in devices. */
export const sessionListDto = z.object({ sessions: z.array(sessionDto) });
export type SessionListDto = z.infer<typeof sessionListDto>;

/** Every other device signed out: how many, and this device's new session. */
export const loggedOutEverywhereDto = sessionTokensDto.extend({ revoked: z.int().min(0) });
export type LoggedOutEverywhereDto = z.infer<typeof loggedOutEverywhereDto>;

/** The password changed: every other session ended, this device has a new one. */
export const passwordChangedDto = sessionTokensDto.extend({ message: z.string() });
export type PasswordChangedDto = z.infer<typeof passwordChangedDto>;

/** An e-mail change asked for: the account as it is, and the address waiting for its confirmation. */
export const emailChangeDto = z.object({ user: publicUserDto, pendingEmail: z.email() });
export type EmailChangeDto = z.infer<typeof emailChangeDto>;
