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
import { EN, loadCatalogue } from './resources';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'sw'],
  defaultNS: 'common',
  ns: Object.keys(EN),
  resources: { en: EN },
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

/** Loads a language's catalogue (once) and switches the translator to it. */
export async function switchLanguage(lang: UiLanguage): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'common')) {
    const catalogue = await loadCatalogue(lang);
    for (const [ns, resources] of Object.entries(catalogue)) i18n.addResourceBundle(lang, ns, resources, true, true);
  }
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
