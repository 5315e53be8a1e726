import { lazy, type ComponentType, type JSX } from 'react';
import { loadEveryArea } from './i18n/i18n';
import { loadChunk } from './load-chunk';

/** A route's page in its own chunk, which can also be loaded ahead of rendering. */
export interface LazyPage {
  (): JSX.Element;
  /** Loads the chunk; the page then renders at once, without suspending. */
  preload(): Promise<void>;
}

/**
 * Like React.lazy, plus `preload()`. A prerendered page is preloaded before it is hydrated (and
 * before it is rendered at build time), so hydration never suspends on the page's chunk: an update
 * (the signed-in user appearing) reaching a still-suspended boundary would throw its HTML away.
 */
export function lazyPage(
  importPage: () => Promise<{ default: ComponentType }>,
  { words = 'every-area' }: { words?: 'core' | 'every-area' } = {},
): LazyPage {
  let loaded: ComponentType | null = null;
  // The page's words with its chunk (platform/i18n/resources.ts): the home page needs only the core.
  const load = () => withWords(loadChunk(importPage), words);
  const Lazy = lazy(load);
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  Page.preload = async () => {
    loaded = (await load()).default;
  };
  return Page;
}

/** React.lazy for a component in its own chunk, safe while a missing chunk reloads the page. */
export function lazyChunk<P extends object>(importChunk: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => withWords(loadChunk(importChunk), 'every-area'));
}

/** A chunk, resolved once its words are loaded too (a failed catalogue fetch falls back to English). */
async function withWords<T>(chunk: Promise<T>, words: 'core' | 'every-area'): Promise<T> {
  const [module] = await Promise.all([chunk, words === 'core' ? null : loadEveryArea().catch(() => undefined)]);
  return module;
}
