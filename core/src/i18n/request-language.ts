import { LANGUAGE_COOKIE, languageOfTag, negotiateLanguage, resolveLanguage, type UiLanguage } from './languages';

/** The `gl_lang` cookie's language in a Cookie header, or null when absent or not one of ours. */
export function languageOfCookieHeader(cookieHeader: string | undefined | null): UiLanguage | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.slice(0, 4096).split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== LANGUAGE_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      /* kept as sent */
    }
    return languageOfTag(value);
  }
  return null;
}

/**
 * The language of a request's server messages (DESIGN.md §14): the signed-in account's language
 * (a stored unknown value reads as English), else the `gl_lang` cookie, else `Accept-Language`,
 * else English.
 */
export function pickRequestLanguage(from: {
  account?: string | null;
  cookieHeader?: string | null;
  acceptLanguage?: string | null;
}): UiLanguage {
  if (from.account !== undefined && from.account !== null) return resolveLanguage(from.account);
  return languageOfCookieHeader(from.cookieHeader) ?? negotiateLanguage(from.acceptLanguage) ?? resolveLanguage(undefined);
}
