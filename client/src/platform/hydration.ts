import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while React renders the prerendered HTML (at build time) and while it hydrates that HTML in
 * the browser; true right after, and from the first render of a page that was not prerendered.
 * Anything the build cannot know (the stored theme, the signed-in user, the date, the URL hash)
 * renders its build-time value while this is false, so hydration matches the HTML, then updates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** When the client was built (the prerendered pages' "now"; set by vite.config.ts). */
export const BUILD_TIME = new Date(typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : Date.now());
