/**
 * A chunk that is gone makes main.tsx reload the page into the new build (its `vite:preloadError`
 * handler cancels the error), and Vite's import then resolves with no module at all. Until the
 * reload replaces the page, the import stays pending: rendering on would throw a TypeError and
 * flash an error boundary.
 */
export async function loadChunk<T>(importChunk: () => Promise<T | undefined>): Promise<T> {
  const module = await importChunk();
  return module ?? new Promise<T>(() => {});
}
