import { z } from 'zod';
import { UI_LANGUAGES } from '../platform/i18n/languages';

export const UNKNOWN_LANGUAGE_MESSAGE = `Unknown language: choose one of ${UI_LANGUAGES.join(', ')} (English, Kiswahili)`;

/** One of the interface languages (DESIGN.md §14); anything else is refused with a clear message. */
export const languageSchema = z.enum(UI_LANGUAGES, { error: UNKNOWN_LANGUAGE_MESSAGE }).describe('interface language: en or sw');

/** PATCH /account/language: the account's language (its e-mails, reminders and receipts follow it). */
export const updateLanguageBody = z.strictObject({ language: languageSchema });
export type UpdateLanguageBody = z.infer<typeof updateLanguageBody>;
