import { VitePWA } from 'vite-plugin-pwa';

/** The theme's page background (slate-950): the splash screen and the installed app's title bar. */
export const THEME_DARK = '#020617';

/**
 * The installable app: a web app manifest and a Workbox service worker (client/src/sw.ts) that
 * precaches the app shell (shell.html, shell.sw.html), the prerendered public pages in every
 * language and every route chunk, so a repeat visit and an offline start come from the device, in
 * the person's language. Nothing under /api is ever cached by the service worker (user data stays
 * per request). registerType 'prompt': a new build waits until the person chooses "Reload" (UpdateNotice).
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
    // Our own service worker (client/src/sw.ts): it opens each page in the language the person reads.
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'icons/icon-192.png'],
      // Every route chunk, the usage chart's included.
      maximumFileSizeToCacheInBytes: 600 * 1024,
      // A classic script: registered without { type: 'module' }.
      rollupFormat: 'iife',
    },
  });
}
