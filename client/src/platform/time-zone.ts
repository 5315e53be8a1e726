import { useMemo, useSyncExternalStore } from 'react';
import {
  DEFAULT_TIME_ZONE,
  deviceTimeZone,
  formatClock,
  formatDate,
  formatShortTimeFor,
  formatTimeFor,
  localDay,
  safeTimeZone,
  type TimeReader,
} from '@gl/core/types';
import { currentLanguage, useLanguage } from './i18n/i18n';
import { getSession, subscribeSession } from './session';

/** This device's IANA time zone (what sign-up sends; the account page suggests it). */
export const browserTimeZone = deviceTimeZone;

/**
 * The zone times are shown in: the signed-in account's (DESIGN.md §20), else this device's (signed
 * out, or a session stored before accounts had a zone).
 */
export function currentTimeZone(): string {
  return safeTimeZone(getSession()?.user?.timeZone ?? browserTimeZone());
}

/** Whom times are written for now: the interface language and the account's zone. */
export function currentReader(): TimeReader {
  return { language: currentLanguage(), timeZone: currentTimeZone() };
}

/** The same, as a hook: re-renders when the account's zone (the stored session) or the language changes. */
export function useTimeReader(): TimeReader {
  const language = useLanguage();
  // Prerendered pages are built signed out in UTC; the browser's own zone follows after hydration.
  const timeZone = useSyncExternalStore(subscribeSession, currentTimeZone, () => DEFAULT_TIME_ZONE);
  return useMemo(() => ({ language, timeZone }), [language, timeZone]);
}

const shown =
  (fn: (d: Date, r: TimeReader) => string) =>
  (iso: string | Date | null | undefined, reader: TimeReader = currentReader()): string => {
    if (!iso) return '';
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? '' : fn(d, reader);
  };

/** "26 Novemba 2026, 13:05 EAT" / "November 26, 2026, 1:05 PM EAT": a moment in the account's zone. */
export const showMoment = shown(formatTimeFor);
/** "26 Nov 2026, 13:05 EAT": a moment in a list. */
export const showShortMoment = shown(formatShortTimeFor);
/** "26 Novemba 2026": the account's day. */
export const showDay = shown(formatDate);
/** "13:05 EAT" / "1:05 PM EAT". */
export const showClock = shown(formatClock);
/** The account's today, YYYY-MM-DD. */
export const todayForAccount = (reader: TimeReader = currentReader()) => localDay(new Date(), reader.timeZone);
