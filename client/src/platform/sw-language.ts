/**
 * The language the service worker opens pages in (client/src/sw.ts): it cannot read the `gl_lang`
 * cookie, so the page records the language it shows in a small cache of its own, on start and on
 * every switch.
 */
import type { UiLanguage } from '@gl/core/types';

export const LANGUAGE_RECORD_CACHE = 'gl-language';
export const LANGUAGE_RECORD_URL = '/__gl-language';

export async function rememberPageLanguage(lang: UiLanguage): Promise<void> {
  try {
    if (typeof caches === 'undefined') return;
    await (
      await caches.open(LANGUAGE_RECORD_CACHE)
    ).put(LANGUAGE_RECORD_URL, new Response(lang, { headers: { 'Content-Type': 'text/plain' } }));
  } catch {
    // storage refused (private mode, a full disk): the service worker falls back to the browser's languages
  }
}
