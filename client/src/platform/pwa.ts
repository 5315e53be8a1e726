import { registerSW } from 'virtual:pwa-register';
import { initialLanguage } from './i18n/i18n';
import { setUpdateReady } from './app-status';
import { rememberPageLanguage } from './sw-language';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (built by vite-plugin-pwa). A new build installs in the background
 * and waits; the UpdateNotice offers "Reload", which activates it. Where service workers are
 * refused (private mode, a full disk) the app simply keeps working online.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // The language the service worker opens the next page in (it cannot read the cookie): the one this
  // page starts in, not the translator's current one, which is still English while the Kiswahili
  // catalogue is on its way.
  void rememberPageLanguage(initialLanguage());
  const updateSW = registerSW({
    onNeedRefresh: () => setUpdateReady(() => void updateSW(true)),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    onRegisterError: (err: unknown) => console.warn('Offline support is unavailable in this browser:', err),
  });
}
