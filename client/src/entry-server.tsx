/**
 * The build's prerender entry (client/build/prerender.ts): renders one public page to HTML in Node,
 * with the same tree as main.tsx hydrates (providers, router, routes) and the signed-out, dark,
 * online state a first visit starts from.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProviders, AppRoutes, PRERENDERED_PAGES } from './App';
import { createQueryClient } from './platform/query-client';
import type { UiLanguage } from '@gl/core/types';
import { loadEveryArea, switchLanguage } from './platform/i18n/i18n';
import type { PrerenderedPath } from './prerendered-routes';

export async function render(path: PrerenderedPath, lang: UiLanguage = 'en'): Promise<string> {
  await switchLanguage(lang);
  // Every area's words at build time (a page renders in full; the browser loads them by page).
  await loadEveryArea();
  // The page's chunk first: it renders in full instead of its loading fallback.
  await PRERENDERED_PAGES[path].preload();
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
}
