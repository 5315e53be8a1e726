/**
 * The interface's translator: i18next (react-i18next's `useTranslation()` reads this one instance).
 * The language a page starts in is the one its HTML was served in (`<html lang>`, picked by the server
 * from the `gl_lang` cookie or `Accept-UiLanguage`) unless the browser saved another choice; the switch
 * (`setLanguage`) saves it in local storage and the cookie, and on the account when signed in.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  INTL_LOCALE,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  firstSupportedLanguage,
  isLanguage,
  languageOfTag,
  type UiLanguage,
} from '@gl/core/types';
import { EN_CORE, NAMESPACES, loadCatalogue, type CataloguePart } from './resources';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'sw'],
  defaultNS: 'common',
  ns: [...NAMESPACES],
  resources: { en: EN_CORE },
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

const loading = new Map<string, Promise<void>>();

/** Loads one part of a language's catalogue into the translator, once. */
function loadPart(lang: UiLanguage, part: CataloguePart): Promise<void> {
  const key = `${lang}:${part}`;
  let done = loading.get(key);
  if (!done) {
    done = loadCatalogue(lang, part).then((catalogue) => {
      for (const [ns, resources] of Object.entries(catalogue)) i18n.addResourceBundle(lang, ns, resources, true, true);
    });
    // A failed fetch (offline) is tried again by the next page that needs it.
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** The language being switched to (set before its catalogue arrives, so a page loading meanwhile asks for the right one). */
let targetLanguage: UiLanguage = DEFAULT_LANGUAGE;

/** Whether a page beyond the home page has asked for every area's words (then a switch loads them too). */
let everyAreaWanted = false;

/**
 * Every area's words in the current language and in English (the fallback): awaited beside a page's
 * chunk (`platform/lazy-page.tsx`), so a page never renders before its words are here.
 */
export async function loadEveryArea(): Promise<void> {
  everyAreaWanted = true;
  const lang = targetLanguage;
  // English's core too: the fallback of the home page's words, which a Kiswahili first visit skips.
  await Promise.all([loadPart('en', 'core'), loadPart('en', 'rest'), lang === 'en' ? null : loadPart(lang, 'rest')]);
}

/** Loads a language's catalogue (the parts this page uses, once) and switches the translator to it. */
export async function switchLanguage(lang: UiLanguage): Promise<void> {
  targetLanguage = lang;
  await Promise.all([
    loadPart(lang, 'core'),
    everyAreaWanted ? loadPart(lang, 'rest') : null,
    everyAreaWanted && lang !== 'en' ? loadPart('en', 'rest') : null,
    everyAreaWanted && lang !== 'en' ? loadPart('en', 'core') : null,
  ]);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export function currentLanguage(): UiLanguage {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The `Intl` locale of the current language, for numbers, dates and money. */
export function intlLocale(lang: UiLanguage = currentLanguage()): string {
  return INTL_LOCALE[lang];
}

function storedLanguage(): UiLanguage | null {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * The language this page starts in: the browser's saved choice, else the language the server served
 * the HTML in, else the browser's own languages, else English.
 */
export function initialLanguage(): UiLanguage {
  return (
    storedLanguage() ??
    languageOfTag(document.documentElement.getAttribute('data-lang') ?? document.documentElement.lang) ??
    firstSupportedLanguage(navigator.languages) ??
    DEFAULT_LANGUAGE
  );
}

/**
 * The switch: remembered in local storage and in the cookie the server reads (so the next page
 * arrives in it, without an English flash); the account's saved language is the caller's to update.
 */
export async function setLanguage(lang: UiLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage refused: the cookie still carries the choice
  }
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  await switchLanguage(lang);
  document.documentElement.lang = lang;
}

/** The current language, re-rendering when the switch changes it. */
export function useLanguage(): UiLanguage {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}
