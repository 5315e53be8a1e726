import { useQuery } from '@tanstack/react-query';
import type { UiLanguage } from '@gl/core/types';
import { i18n, switchLanguage } from '../../platform/i18n/i18n';

/**
 * The client's page loads only its own words (the `approvals` namespace, in its language: every key
 * is in both, catalogues.test.ts checks it) beside the core the app already has: never every area's
 * catalogue, so a first visit on a phone stays small.
 */
const FILES: Record<UiLanguage, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../../locales/en/approvals.json'),
  sw: () => import('../../locales/sw/approvals.json'),
};

async function load(lang: UiLanguage): Promise<true> {
  await Promise.all([
    switchLanguage(lang),
    (async () => {
      if (!i18n.hasResourceBundle(lang, 'approvals')) i18n.addResourceBundle(lang, 'approvals', (await FILES[lang]()).default, true, true);
    })(),
  ]);
  return true;
}

/** True once the page's words are here and the interface speaks the link's language. */
export function useApprovalWords(lang: UiLanguage): boolean {
  return Boolean(useQuery({ queryKey: ['approval-words', lang], queryFn: () => load(lang), staleTime: Infinity, gcTime: Infinity }).data);
}
