import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import App, { PRERENDERED_PAGES } from './App';
import { watchConnection } from './lib/app-status';
import { prerenderedPath } from './prerendered-routes';
import './index.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A public page arrives prerendered (its HTML built by client/build/prerender.ts): React adopts that
// HTML once the page's chunk is here. Any other page (the app shell) is rendered from scratch.
const path = prerenderedPath(window.location.pathname);
if (path && container.dataset.prerendered === path) {
  void PRERENDERED_PAGES[path].preload().then(
    () => hydrateRoot(container, app),
    () => createRoot(container).render(app),
  );
} else {
  createRoot(container).render(app);
}

watchConnection();
// The service worker after the page has loaded: it never competes with the first visit's downloads.
window.addEventListener('load', () => void import('./lib/pwa').then((m) => m.startServiceWorker()), { once: true });
