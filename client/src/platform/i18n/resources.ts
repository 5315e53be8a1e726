/**
 * The message catalogues: `client/src/locales/<language>/<namespace>.json`, one namespace per area
 * (each owned by one area; add a new one to both languages, to NAMESPACES and to EnCatalogue in catalogue-types.ts).
 *
 * Two parts per language, so a first visit downloads only what its page shows (bench:mobile's
 * budgets): the core (`CORE_NAMESPACES`: the layout's words, the home page, the newsletter form in
 * the footer, the api client's own messages), and the rest (every other area), fetched beside any other page's chunk
 * (`platform/lazy-page.tsx`) and before that page renders. English's core is in the app chunk; every
 * other part is a chunk of its own. English is the fallback: a missing key shows English, never the
 * key. `catalogues.test.ts` checks that every key exists in both languages.
 */
import type { UiLanguage } from '@gl/core/types';
import type { Namespace, PartialCatalogue } from './catalogue-types';
import common from '../../locales/en/common.json';
import errors from '../../locales/en/errors.json';

export type { EnCatalogue, Namespace, PartialCatalogue } from './catalogue-types';
// In the app chunk, so the two rest-of-catalogue chunks share it without a chunk of its own.
export { catalogueOfFiles } from './catalogue-files';
export const NAMESPACES: readonly Namespace[] = [
  'common',
  'home',
  'about',
  'legal',
  'pricing',
  'catalog',
  'generate',
  'saved',
  'photo',
  'campaigns',
  'brands',
  'auth',
  'account',
  'contact',
  'newsletter',
  'apiKeys',
  'webhooks',
  'billing',
  'team',
  'courses',
  'community',
  'apiDocs',
  'integrations',
  'approvals',
  'errors',
];
export const CORE_NAMESPACES: readonly Namespace[] = ['common', 'home', 'newsletter', 'errors'];

/**
 * English's core in the app chunk: the layout's words and the api client's messages, the fallback
 * every page needs. The rest of the core (the home page, the footer's newsletter form) is a small
 * chunk of its own, so a Kiswahili visitor's first page does not also download its English.
 */
export const EN_CORE = { common, errors };

export type CataloguePart = 'core' | 'rest';

const PARTS: Record<UiLanguage, Record<CataloguePart, () => Promise<{ default: PartialCatalogue }>>> = {
  en: {
    core: async () => ({ default: { ...EN_CORE, ...(await import('./catalogue-en-front')).default } }),
    rest: () => import('./catalogue-en-rest'),
  },
  sw: { core: () => import('./catalogue-sw-core'), rest: () => import('./catalogue-sw-rest') },
};

/** One part of a language's catalogue. */
export async function loadCatalogue(lang: UiLanguage, part: CataloguePart): Promise<PartialCatalogue> {
  return (await PARTS[lang][part]()).default;
}
