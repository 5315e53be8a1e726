/**
 * The interface languages (DESIGN.md §14): English and Kiswahili. Everything that picks a language
 * (the switch, the `gl_lang` cookie it sets, the account's saved choice, `Accept-Language`,
 * `navigator.languages`) goes through these helpers, so an unknown value always falls back to English.
 */
export const UI_LANGUAGES = ['en', 'sw'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: UiLanguage = 'en';

/** The cookie the language switch sets, read by the server to pick the prerendered page. */
export const LANGUAGE_COOKIE = 'gl_lang';
/** The browser's saved choice (local storage). */
export const LANGUAGE_STORAGE_KEY = 'genius-lines.language';

/** Each language's own name, shown in the switch in that language. */
export const UI_LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', sw: 'Kiswahili' };

/** The `Intl` locale for numbers, dates and money in each language. */
export const INTL_LOCALE: Record<UiLanguage, string> = { en: 'en-US', sw: 'sw-KE' };

export function isLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** A BCP 47 tag ('sw-KE', 'SW', 'en_GB') to one of ours, or null when it is none of them. */
export function languageOfTag(tag: unknown): UiLanguage | null {
  if (typeof tag !== 'string') return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** Any input (cookie, account field, query) to a language; unknown or missing is English. */
export function resolveLanguage(value: unknown): UiLanguage {
  return languageOfTag(value) ?? DEFAULT_LANGUAGE;
}

/**
 * The best of our languages for an `Accept-Language` header ('sw-KE,sw;q=0.9,en;q=0.8'), by quality
 * then order; null when it names none of them (the caller falls back to English).
 */
export function negotiateLanguage(acceptLanguage: string | undefined | null): UiLanguage | null {
  if (!acceptLanguage) return null;
  let best: { lang: UiLanguage; q: number; i: number } | null = null;
  acceptLanguage
    .slice(0, 512)
    .split(',')
    .forEach((part, i) => {
      const [tag, ...params] = part.split(';');
      const lang = languageOfTag(tag);
      if (!lang) return;
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      if (!Number.isFinite(q) || q <= 0) return;
      if (!best || q > best.q || (q === best.q && i < best.i)) best = { lang, q, i };
    });
  return (best as { lang: UiLanguage } | null)?.lang ?? null;
}

/** The first of the browser's languages (`navigator.languages`) that we speak, or null. */
export function firstSupportedLanguage(tags: readonly string[] | undefined): UiLanguage | null {
  for (const tag of tags ?? []) {
    const lang = languageOfTag(tag);
    if (lang) return lang;
  }
  return null;
}

/**
 * A prerendered page's file in a language: English keeps the plain name (index.html, shell.html),
 * another language has its code before the extension (index.sw.html, shell.sw.html). The build
 * (client/build/prerender.ts), the api, nginx and the service worker all name them this way.
 */
export function localizedPageFile(file: string, lang: UiLanguage): string {
  return lang === DEFAULT_LANGUAGE ? file : file.replace(/\.html$/, `.${lang}.html`);
}

/** The `gl_lang` value of a Cookie header, or null (absent, or not one of our languages). */
export function languageOfCookieHeader(cookieHeader: string | undefined | null): UiLanguage | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.slice(0, 4096).split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== LANGUAGE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return isLanguage(value) ? value : null;
  }
  return null;
}

/**
 * The language a page is served in: the switch's cookie when it names one of our languages, else
 * the browser's `Accept-Language`, else English (an unknown cookie value never fails the page).
 */
export function pageLanguage(headers: { cookie?: string | null; acceptLanguage?: string | null }): UiLanguage {
  return languageOfCookieHeader(headers.cookie) ?? negotiateLanguage(headers.acceptLanguage) ?? DEFAULT_LANGUAGE;
}
