import { useMutation } from '@tanstack/react-query';
import type { UiLanguage } from '@gl/core/types';
import { api } from '../../platform/api';

/**
 * Saves the language on the signed-in account (PATCH /account/language), so e-mails, reminders and
 * receipts go out in it. Best effort: the switch has already changed the page and the cookie; a
 * failure (offline, an older server) is left in the mutation, unshown, and the next switch tries again.
 */
export function useSaveAccountLanguage(): (language: UiLanguage) => void {
  const { mutate } = useMutation({
    mutationFn: (language: UiLanguage) => api('/account/language', { method: 'PATCH', body: { language }, stayOnSessionEnd: true }),
  });
  return mutate;
}
