import { pageLanguage, resolveLanguage, type UiLanguage } from './languages';

/**
 * The language of a request's server messages (DESIGN.md §14): the signed-in account's language
 * (a stored unknown value reads as English), else the `gl_lang` cookie, else `Accept-Language`,
 * else English: without an account, the page's own rule (`pageLanguage`, as nginx's map), so a
 * request's messages and its page never disagree.
 */
export function pickRequestLanguage(from: {
  account?: string | null;
  cookieHeader?: string | null;
  acceptLanguage?: string | null;
}): UiLanguage {
  if (from.account !== undefined && from.account !== null) return resolveLanguage(from.account);
  return pageLanguage({ cookie: from.cookieHeader, acceptLanguage: from.acceptLanguage });
}
