import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { watchConnection } from './lib/app-status';
import { startPendingSaves } from './lib/pending-saves';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
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

watchConnection();
startPendingSaves();
// The service worker after the page has loaded: it never competes with the first visit's downloads.
window.addEventListener('load', () => void import('./lib/pwa').then((m) => m.startServiceWorker()), { once: true });
