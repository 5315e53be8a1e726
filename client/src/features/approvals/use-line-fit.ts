import { useEffect, useState } from 'react';
import type { PlatformId } from '@gl/core/types';
import { fitOnPlatform, type Counters, type PlatformFit } from './platform-fit';

let exact: Counters | undefined;

/**
 * A line's fit on its platform: at once with the light counters, or (a line that may hold a link)
 * once the exact counters have loaded; null until then.
 */
export function useLineFit(text: string, platform: PlatformId | null): PlatformFit | null {
  const light = fitOnPlatform(text, platform);
  const [counters, setCounters] = useState(exact);
  const wanted = light === null;
  useEffect(() => {
    if (!wanted || counters) return;
    let live = true;
    void import('./exact-fit')
      .then((m) => {
        exact = m.EXACT_COUNTERS;
        if (live) setCounters(m.EXACT_COUNTERS);
      })
      .catch((err: unknown) => console.error('Could not load the line counter', err));
    return () => {
      live = false;
    };
  }, [wanted, counters]);
  return light ?? (counters ? fitOnPlatform(text, platform, counters) : null);
}
