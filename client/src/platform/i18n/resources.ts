/**
 * The message catalogues: `client/src/locales/<language>/<namespace>.json`, one namespace per area
 * (each owned by one area; add a new one to both languages, to NAMESPACES and to EnCatalogue below).
 *
 * Two parts per language, so a first visit downloads only what its page shows (bench:mobile's
 * budgets): the core (`CORE_NAMESPACES`: the layout's words, the home page, the newsletter form in
 * the footer, the api client's own messages), and the rest (every other area), fetched beside any other page's chunk
 * (`platform/lazy-page.tsx`) and before that page renders. English's core is in the app chunk; every
 * other part is a chunk of its own. English is the fallback: a missing key shows English, never the
 * key. `catalogues.test.ts` checks that every key exists in both languages.
 */
import type { UiLanguage } from '@gl/core/types';
import common from '../../locales/en/common.json';
import errors from '../../locales/en/errors.json';

/** The English catalogue's shape (types only: nothing here is bundled), for typed keys. */
export interface EnCatalogue {
  common: typeof import('../../locales/en/common.json');
  home: typeof import('../../locales/en/home.json');
  about: typeof import('../../locales/en/about.json');
  legal: typeof import('../../locales/en/legal.json');
  pricing: typeof import('../../locales/en/pricing.json');
  catalog: typeof import('../../locales/en/catalog.json');
  generate: typeof import('../../locales/en/generate.json');
  saved: typeof import('../../locales/en/saved.json');
  photo: typeof import('../../locales/en/photo.json');
  campaigns: typeof import('../../locales/en/campaigns.json');
  brands: typeof import('../../locales/en/brands.json');
  auth: typeof import('../../locales/en/auth.json');
  account: typeof import('../../locales/en/account.json');
  contact: typeof import('../../locales/en/contact.json');
  newsletter: typeof import('../../locales/en/newsletter.json');
  apiKeys: typeof import('../../locales/en/apiKeys.json');
  webhooks: typeof import('../../locales/en/webhooks.json');
  billing: typeof import('../../locales/en/billing.json');
  team: typeof import('../../locales/en/team.json');
  courses: typeof import('../../locales/en/courses.json');
  community: typeof import('../../locales/en/community.json');
  apiDocs: typeof import('../../locales/en/apiDocs.json');
  integrations: typeof import('../../locales/en/integrations.json');
  errors: typeof import('../../locales/en/errors.json');
}

export type Namespace = keyof EnCatalogue;
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
export type PartialCatalogue = Partial<Record<Namespace, Record<string, unknown>>>;

/** A part's namespaces from its `import.meta.glob` of locale files (`../locales/<lang>/<namespace>.json`). */
export function catalogueOfFiles(files: Record<string, Record<string, unknown>>): PartialCatalogue {
  return Object.fromEntries(Object.entries(files).map(([file, resources]) => [file.replace(/^.*\/([^/]+)\.json$/, '$1'), resources]));
}

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
