/**
 * The service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js): precaches the app
 * shell, the prerendered public pages in every language and the route chunks, so a repeat visit and
 * an offline start come from the device. Nothing under /api is ever cached (user data stays per
 * request). A new build waits until the person chooses "Reload" (UpdateNotice posts SKIP_WAITING).
 *
 * A page is opened in the language the person reads: the page records it (`rememberPageLanguage`,
 * on start and on every switch) because a service worker sees neither the `gl_lang` cookie nor the
 * browser's Accept-Language; without a record, the browser's own languages decide, as the server's
 * Accept-Language does. /pricing in Kiswahili is pricing/index.sw.html, never the English copy.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { DEFAULT_LANGUAGE, firstSupportedLanguage, isLanguage, localizedPageFile, type UiLanguage } from '@gl/core/types';
import { LANGUAGE_RECORD_CACHE, LANGUAGE_RECORD_URL } from './platform/sw-language';
import { prerenderedPath } from './prerendered-routes';

interface WorkerScope {
  navigator: { languages?: readonly string[] };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
const worker = self as unknown as WorkerScope;

async function pageLanguage(): Promise<UiLanguage> {
  try {
    const record = await (await caches.open(LANGUAGE_RECORD_CACHE)).match(LANGUAGE_RECORD_URL);
    const lang = record ? (await record.text()).trim() : null;
    if (isLanguage(lang)) return lang;
  } catch {
    // storage refused: fall back to the browser's languages
  }
  return firstSupportedLanguage(worker.navigator.languages) ?? DEFAULT_LANGUAGE;
}

/** The precached file of a page (prerendered, else the app shell) in a language. */
function pageFile(pathname: string, lang: UiLanguage, shell = false): string {
  const route = shell ? null : prerenderedPath(pathname);
  const file = route === null ? '/shell.html' : route === '/' ? '/index.html' : `${route}/index.html`;
  return localizedPageFile(file, lang);
}

// Navigations first (the first matching route wins): the precache's own route would answer / with
// the English index.html.
registerRoute(
  new NavigationRoute(
    async ({ request, url }) => {
      const lang = await pageLanguage();
      return (
        (await matchPrecache(pageFile(url.pathname, lang))) ??
        (await matchPrecache(pageFile(url.pathname, lang, true))) ??
        (await matchPrecache(pageFile(url.pathname, DEFAULT_LANGUAGE, true))) ??
        fetch(request)
      );
    },
    { denylist: [/^\/api\//, /^\/socket\.io\//, /^\/admin\//, /^\/metrics/] },
  ),
);
// The build replaces `self.__WB_MANIFEST` (written just so) with the list of files to precache.
// @ts-expect-error -- a service worker's global, which the DOM's `self` type does not have
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
});
