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

watchConnection();
startPendingSaves();
// The service worker after the page has loaded: it never competes with the first visit's downloads.
window.addEventListener('load', () => void import('./lib/pwa').then((m) => m.startServiceWorker()), { once: true });
