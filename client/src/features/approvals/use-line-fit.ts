import { useEffect, useState } from 'react';
import type { PlatformId } from '@gl/core/types';
import type { PlatformFit } from './platform-fit';

let loaded: typeof import('./platform-fit') | undefined;

/** A line's fit on its platform once the counting code has loaded (after the page is shown); null until then. */
export function useLineFit(text: string, platform: PlatformId | null): PlatformFit | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let live = true;
    void import('./platform-fit')
      .then((m) => {
        loaded = m;
        if (live) setModule(m);
      })
      .catch((err: unknown) => console.error('Could not load the line counter', err));
    return () => {
      live = false;
    };
  }, [module]);
  return module ? module.fitOnPlatform(text, platform) : null;
}
