import type { UiLanguage } from '@gl/core/types';
import { api } from '../../platform/api';

/**
 * Saves the language on the signed-in account, so e-mails, reminders and receipts go out in it.
 * Best effort: the switch has already changed the page and the cookie; a failure (offline, an older
 * server) is ignored and the next switch tries again.
 */
export async function saveAccountLanguage(language: UiLanguage): Promise<void> {
  try {
    await api('/account/language', { method: 'PATCH', body: { language }, stayOnSessionEnd: true });
  } catch {
    // the page's language is already switched; the account keeps its previous choice
  }
}
