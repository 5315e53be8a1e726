import { useCallback, useEffect, useRef, useState } from 'react';

/** The copy feedback lasts 2 s. */
export const COPIED_MS = 2_000;

export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    document.execCommand('copy');
  } finally {
    area.remove();
  }
}

/** copy(key, text) copies and marks `key` as copied for 2 s. */
export function useCopy(): { copiedKey: string | null; copy(key: string, text: string): Promise<boolean> } {
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (key: string, text: string) => {
    try {
      await copyText(text);
    } catch (err) {
      console.error('Copy failed', err);
      return false;
    }
    clearTimeout(timer.current);
    setCopiedKey(key);
    timer.current = setTimeout(() => setCopiedKey(null), COPIED_MS);
    return true;
  }, []);
  return { copiedKey, copy };
}
