/**
 * The message catalogues: `client/src/locales/<language>/<namespace>.json`, one namespace per area
 * (each is owned by one area; add a new one to both languages and to EN below). English ships in the app chunk (it is the
 * fallback: a missing key shows English, never the key); Kiswahili is one chunk of its own
 * (`catalogue-sw.ts`, every namespace), fetched only by a page that shows it. `catalogues.test.ts` checks that every key exists in both languages.
 */
import type { UiLanguage } from '@gl/core/types';
import common from '../locales/en/common.json';
import home from '../locales/en/home.json';
import about from '../locales/en/about.json';
import legal from '../locales/en/legal.json';
import pricing from '../locales/en/pricing.json';
import catalog from '../locales/en/catalog.json';
import generate from '../locales/en/generate.json';
import saved from '../locales/en/saved.json';
import photo from '../locales/en/photo.json';
import campaigns from '../locales/en/campaigns.json';
import brands from '../locales/en/brands.json';
import auth from '../locales/en/auth.json';
import account from '../locales/en/account.json';
import contact from '../locales/en/contact.json';
import newsletter from '../locales/en/newsletter.json';
import apiKeys from '../locales/en/apiKeys.json';
import webhooks from '../locales/en/webhooks.json';
import billing from '../locales/en/billing.json';
import team from '../locales/en/team.json';
import courses from '../locales/en/courses.json';
import community from '../locales/en/community.json';
import apiDocs from '../locales/en/apiDocs.json';
import integrations from '../locales/en/integrations.json';
import errors from '../locales/en/errors.json';

export const EN = {
  common,
  home,
  about,
  legal,
  pricing,
  catalog,
  generate,
  saved,
  photo,
  campaigns,
  brands,
  auth,
  account,
  contact,
  newsletter,
  apiKeys,
  webhooks,
  billing,
  team,
  courses,
  community,
  apiDocs,
  integrations,
  errors,
} as const;

export type Namespace = keyof typeof EN;
export type Catalogue = { [ns in Namespace]: Record<string, unknown> };
export const NAMESPACES = Object.keys(EN) as Namespace[];

/** Each other language's catalogue, one chunk per language (`catalogue-<language>.ts`). */
const LAZY: { [lang in Exclude<UiLanguage, 'en'>]: () => Promise<{ default: Record<string, Record<string, unknown>> }> } = {
  sw: () => import('./catalogue-sw'),
};

/** The catalogue of one language, every namespace of it. */
export async function loadCatalogue(lang: UiLanguage): Promise<Catalogue> {
  if (lang === 'en') return EN;
  const all = (await LAZY[lang]()).default;
  return Object.fromEntries(NAMESPACES.map((ns) => [ns, all[ns] ?? {}])) as Catalogue;
}
