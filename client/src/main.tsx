import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import App, { ApprovePage, PRERENDERED_PAGES } from './App';
import { initialLanguage, switchLanguage } from './platform/i18n/i18n';
import { watchConnection } from './platform/app-status';
import { loadChunk } from './platform/load-chunk';
import { startPendingSaves } from './features/library/pending-saves';
import { prerenderedPath } from './prerendered-routes';
import { isApprovalPagePath, readApprovalEarly } from './features/approvals/approve-path';
import './index.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * A route chunk that is gone: this page runs an older build, and a newer one has replaced it (its
 * service worker took over in another tab, or the server was redeployed). Loading the page again
 * brings the new build; once, so a chunk that is really missing never makes the page loop.
 */
const CHUNK_RELOAD_KEY = 'genius-lines.chunk-reload';
window.addEventListener('vite:preloadError', (event) => {
  try {
    if (Date.now() - Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0) < 10_000) return;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return; // storage refused: no way to know whether this page already tried
  }
  event.preventDefault();
  window.location.reload();
});
// A public page arrives prerendered (its HTML built by client/build/prerender.ts): React adopts that
// HTML once the page's chunk is here. Any other page (the app shell) is rendered from scratch.
const path = prerenderedPath(window.location.pathname);
// A client's approval link: its lines are asked for now, beside the page's chunk; the page renders
// once its chunk is here (never a loading fallback over the heading the server wrote into the HTML).
const approvalPage = isApprovalPagePath(window.location.pathname);
if (approvalPage) readApprovalEarly(window.location.pathname);
const lang = initialLanguage();
// The catalogue first (English is in this chunk; Kiswahili is fetched beside the page's chunk). A page
// prerendered in another language than the saved choice is rendered afresh, not adopted.
const catalogue = switchLanguage(lang);
if (path && container.dataset.prerendered === path && document.documentElement.lang === lang) {
  void Promise.all([PRERENDERED_PAGES[path].preload(), catalogue]).then(
    () => hydrateRoot(container, app),
    () => createRoot(container).render(app),
  );
} else {
  document.documentElement.lang = lang;
  const ready = approvalPage ? Promise.allSettled([catalogue, ApprovePage.preload()]) : catalogue;
  void ready.finally(() => createRoot(container).render(app));
}

watchConnection();
startPendingSaves();
// The service worker after the page has loaded: it never competes with the first visit's downloads.
// Not for a business's client opening an approval link: a visitor of one page, often on a slow phone,
// whose data the service worker's precache (the whole app) would spend.
if (!approvalPage) {
  window.addEventListener('load', () => void loadChunk(() => import('./platform/pwa')).then((m) => m.startServiceWorker()), { once: true });
}
