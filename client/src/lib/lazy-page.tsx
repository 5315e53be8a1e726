import { lazy, type ComponentType, type JSX } from 'react';
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
export function lazyPage(importPage: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  const load = () => loadChunk(importPage);
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
  return lazy(() => loadChunk(importChunk));
}
