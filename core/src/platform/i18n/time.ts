import { INTL_LOCALE, type UiLanguage } from './languages';

/**
 * Times as a person reads them (DESIGN.md §20): in their own time zone, on the 24-hour clock in
 * Kiswahili (never "saa" before a 24-hour figure: "saa 10" is four o'clock in Swahili time) and
 * with the zone named ("13:05 EAT"). Browser-safe: the client and the server format alike.
 */

/** Who a time is written for: their language and their IANA time zone. */
export interface TimeReader {
  language: UiLanguage;
  timeZone: string;
}

export const DEFAULT_TIME_ZONE = 'UTC';
export const KENYA_TIME_ZONE = 'Africa/Nairobi';
export const TIME_ZONE_MAX = 64;

/** An IANA name ("Area/Location", or "UTC"), not an offset or an abbreviation. */
const IANA_SHAPE = /^(?:[A-Za-z][A-Za-z0-9_+-]*)(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** The zone's canonical name when `name` is an IANA time zone this runtime knows; null otherwise. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > TIME_ZONE_MAX || !IANA_SHAPE.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

/** The zone of an account that never said: Nairobi for a Kiswahili account or a Kenyan number (+254…), else UTC. */
export function defaultTimeZone(hints: { language?: string | null; phone?: string | null }): string {
  const phone = hints.phone?.replace(/[^\d]/g, '') ?? '';
  return hints.language === 'sw' || phone.startsWith('254') ? KENYA_TIME_ZONE : DEFAULT_TIME_ZONE;
}

/** A zone the stored value names, else UTC (a row is never trusted blindly). */
export function safeTimeZone(name: string | null | undefined): string {
  return (name && canonicalTimeZone(name)) || DEFAULT_TIME_ZONE;
}

/**
 * The zone's short name at `date`: "EAT", "HST", "CET", "UTC"; the offset ("GMT+5:30") when no
 * region names it. The first locale that has a name for it wins (en-US knows the American ones,
 * en-KE the African, en-GB the European).
 */
export function timeZoneAbbreviation(date: Date, timeZone: string): string {
  let fallback = '';
  for (const locale of ['en-US', 'en-KE', 'en-GB', 'en-AU', 'en-IN']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!name) continue;
    if (!/^GMT[+-−]/.test(name)) return name;
    fallback ||= name;
  }
  return fallback || timeZone;
}

/** "13:05 EAT" (Kiswahili: always 24-hour) / "1:05 PM EAT". */
export function formatClock(date: Date, reader: TimeReader): string {
  const timeZone = safeTimeZone(reader.timeZone);
  const clock = new Intl.DateTimeFormat(INTL_LOCALE[reader.language], {
    hour: reader.language === 'sw' ? '2-digit' : 'numeric',
    minute: '2-digit',
    hourCycle: reader.language === 'sw' ? 'h23' : 'h12',
    timeZone,
  }).format(date);
  return `${clock} ${timeZoneAbbreviation(date, timeZone)}`;
}

/** The day in the reader's zone: "26 Novemba 2026" / "November 26, 2026". */
export function formatDate(date: Date, reader: TimeReader): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[reader.language], { dateStyle: 'long', timeZone: safeTimeZone(reader.timeZone) }).format(date);
}

/**
 * A moment for a person, in their zone, with the zone named: "26 Novemba 2026, 13:05 EAT" /
 * "November 26, 2026, 1:05 PM EAT". The one helper every time shown to a person goes through.
 */
export function formatTimeFor(date: Date, reader: TimeReader): string {
  return `${formatDate(date, reader)}, ${formatClock(date, reader)}`;
}

/** A short moment for lists: "26 Nov 2026, 13:05 EAT" / "Nov 26, 2026, 1:05 PM EAT". */
export function formatShortTimeFor(date: Date, reader: TimeReader): string {
  const day = new Intl.DateTimeFormat(INTL_LOCALE[reader.language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: safeTimeZone(reader.timeZone),
  }).format(date);
  return `${day}, ${formatClock(date, reader)}`;
}

/** The calendar day at `now` in `timeZone`, as YYYY-MM-DD (a person's "today"). */
export function localDay(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: safeTimeZone(timeZone), year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}

/** This runtime's IANA zone (in a browser: the device's; what sign-up sends). */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
