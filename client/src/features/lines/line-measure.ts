import { useEffect, useState } from 'react';
import type { LineBrief, LineFit } from './measure-line';

type Measure = (text: string) => LineFit | null;
let loaded: typeof import('./measure-line') | undefined;

/**
 * The line counter's measure for a generation's brief, once the counting code is loaded (on
 * demand, the first time a brief has a platform or Max chars); null until then and without a limit.
 */
export function useLineMeasure(brief: LineBrief | null): Measure | null {
  const wanted = Boolean(brief && (brief.platform || brief.maxChars));
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    void import('./measure-line')
      .then((m) => {
        loaded = m;
        if (live) setModule(m);
      })
      .catch((err: unknown) => console.error('Could not load the line counter', err));
    return () => {
      live = false;
    };
  }, [wanted, module]);
  if (!wanted || !module || !brief) return null;
  return (text) => module.measureLine(text, brief);
}
