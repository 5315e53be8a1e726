import { VitePWA } from 'vite-plugin-pwa';
import { SHELL_FILE } from './prerender';

/** The theme's page background (slate-950): the splash screen and the installed app's title bar. */
export const THEME_DARK = '#020617';

/**
 * The installable app: a web app manifest and a Workbox service worker that precaches the app
 * shell (shell.html), the prerendered public pages (under their own URLs) and every route chunk, so a repeat visit and an offline start come from the
 * device. Nothing under /api is ever cached by the service worker (user data stays per request).
 * registerType 'prompt': a new build waits until the person chooses "Reload" (UpdateNotice).
 */
export function pwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg'],
    manifest: {
      id: '/',
      name: 'Genius Lines',
      short_name: 'Genius Lines',
      description: 'Taglines, bios, captions, quotes, slogans and ad lines in the tone you want.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_DARK,
      background_color: THEME_DARK,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'icons/icon-192.png'],
      // Every route chunk, the usage chart's included.
      maximumFileSizeToCacheInBytes: 600 * 1024,
      // Every page that is not prerendered opens the app shell; a prerendered page (/pricing) is
      // precached under its own URL (below), so offline it opens with its HTML and hydrates.
      navigateFallback: `/${SHELL_FILE}`,
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.map((e) => {
            const page = /^(.+)\/index\.html$/.exec(e.url);
            return page ? { ...e, url: `${page[1]}` } : e;
          }),
          warnings: [],
        }),
      ],
      navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/admin\//, /^\/metrics/],
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      // No runtimeCaching: API answers (user data) always go to the network.
      runtimeCaching: [],
    },
  });
}
