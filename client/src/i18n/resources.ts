/**
 * The message catalogues: `client/src/locales/<language>/<namespace>.json`, one namespace per area
 * (add a new one to both languages and to EN below). English ships in the app chunk (it is the
 * fallback: a missing key shows English, never the key); Kiswahili is its own chunk, fetched only by
 * a page that shows it. `catalogues.test.ts` checks that every key exists in both languages.
 */
import type { UiLanguage } from '@gl/core/types';
import common from '../locales/en/common.json';

export const EN = { common } as const;

export type Namespace = keyof typeof EN;
export type Catalogue = { [ns in Namespace]: Record<string, unknown> };
export const NAMESPACES = Object.keys(EN) as Namespace[];

const LAZY = import.meta.glob<{ default: Record<string, unknown> }>('../locales/sw/*.json');

/** The catalogue of one language, every namespace of it. */
export async function loadCatalogue(lang: UiLanguage): Promise<Catalogue> {
  if (lang === 'en') return EN;
  const entries = await Promise.all(
    NAMESPACES.map(async (ns) => {
      const load = LAZY[`../locales/${lang}/${ns}.json`];
      return [ns, load ? (await load()).default : {}] as const;
    }),
  );
  return Object.fromEntries(entries) as Catalogue;
}
