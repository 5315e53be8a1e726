/**
 * Occasions a campaign can be planned for (DESIGN.md §16): the Kenyan calendar and shopping days.
 * Browser-safe data and date arithmetic on calendar days (`YYYY-MM-DD`, no time zone: a campaign
 * day is a date, not an instant). A campaign may also have no occasion: just its dates.
 */

export const OCCASION_IDS = [
  'madaraka_day',
  'mashujaa_day',
  'jamhuri_day',
  'eid_al_fitr',
  'christmas',
  'new_year',
  'black_friday',
  'back_to_school',
  'valentines_day',
] as const;
export type OccasionId = (typeof OCCASION_IDS)[number];

export type OccasionKind = 'kenyan_calendar' | 'shopping';

/** How an occasion falls in a year: a fixed day, a rule, or a table of announced dates. */
type OccasionRule =
  | { type: 'fixed'; month: number; day: number }
  | { type: 'black_friday' }
  | { type: 'first_monday_of_january' }
  | { type: 'table'; dates: readonly string[] };

export interface Occasion {
  id: OccasionId;
  name: string;
  kind: OccasionKind;
  /** What a line for it can celebrate or sell; given to the writer with the occasion's name. */
  theme: string;
  rule: OccasionRule;
}

/**
 * Eid al-Fitr (1 Shawwal) follows the moon: the dates the Umm al-Qura calendar expects. Kenya's
 * public holiday is gazetted after the moon is sighted and may fall a day later.
 */
export const EID_AL_FITR_DATES = ['2026-03-20', '2027-03-09', '2028-02-26', '2029-02-14', '2030-02-04'] as const;

export const OCCASIONS: readonly Occasion[] = [
  {
    id: 'madaraka_day',
    name: 'Madaraka Day',
    kind: 'kenyan_calendar',
    theme: "Kenya's self-rule, pride and a national holiday",
    rule: { type: 'fixed', month: 6, day: 1 },
  },
  {
    id: 'mashujaa_day',
    name: 'Mashujaa Day',
    kind: 'kenyan_calendar',
    theme: "Kenya's heroes, honouring those who serve, a national holiday",
    rule: { type: 'fixed', month: 10, day: 20 },
  },
  {
    id: 'jamhuri_day',
    name: 'Jamhuri Day',
    kind: 'kenyan_calendar',
    theme: "Kenya's independence and republic, national pride, holiday offers",
    rule: { type: 'fixed', month: 12, day: 12 },
  },
  {
    id: 'eid_al_fitr',
    name: 'Eid al-Fitr',
    kind: 'kenyan_calendar',
    theme: 'the end of Ramadan, family, sharing and generosity (Eid Mubarak)',
    rule: { type: 'table', dates: EID_AL_FITR_DATES },
  },
  {
    id: 'christmas',
    name: 'Christmas',
    kind: 'kenyan_calendar',
    theme: 'Christmas, family, gifts and festive offers',
    rule: { type: 'fixed', month: 12, day: 25 },
  },
  {
    id: 'new_year',
    name: 'New Year',
    kind: 'kenyan_calendar',
    theme: 'a fresh start, resolutions and new beginnings',
    rule: { type: 'fixed', month: 1, day: 1 },
  },
  {
    id: 'black_friday',
    name: 'Black Friday',
    kind: 'shopping',
    theme: 'big deals, limited-time discounts and urgency',
    rule: { type: 'black_friday' },
  },
  {
    id: 'back_to_school',
    name: 'Back to school',
    kind: 'shopping',
    theme: 'the new school year in January: uniforms, books, supplies and fresh starts',
    rule: { type: 'first_monday_of_january' },
  },
  {
    id: 'valentines_day',
    name: "Valentine's Day",
    kind: 'shopping',
    theme: 'love, romance and gifts for someone special',
    rule: { type: 'fixed', month: 2, day: 14 },
  },
];

export function getOccasion(id: OccasionId): Occasion {
  const occasion = OCCASIONS.find((o) => o.id === id);
  if (!occasion) throw new Error(`Unknown occasion: ${id}`);
  return occasion;
}

// ---- calendar days -------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` that names a real calendar day (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The calendar day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Today's calendar day in UTC (the day campaigns and the daily quota are counted in). */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The occasion's date in `year`, or undefined when it is not known for that year (a moving date past the table). */
export function occasionDateIn(occasion: Occasion, year: number): string | undefined {
  const rule = occasion.rule;
  switch (rule.type) {
    case 'fixed':
      return `${year}-${pad(rule.month)}-${pad(rule.day)}`;
    case 'black_friday': {
      // The day after the fourth Thursday of November.
      const firstWeekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
      const firstThursday = 1 + ((4 - firstWeekday + 7) % 7);
      return `${year}-11-${pad(firstThursday + 21 + 1)}`;
    }
    case 'first_monday_of_january': {
      // Kenya's school year starts in the first week of January: its first Monday after New Year's Day.
      const weekday = new Date(Date.UTC(year, 0, 2)).getUTCDay();
      return `${year}-01-${pad(2 + ((1 - weekday + 7) % 7))}`;
    }
    case 'table':
      return rule.dates.find((d) => d.startsWith(`${year}-`));
  }
}

/** The occasion's next date on or after `from`, within the next two years; undefined when not known. */
export function nextOccasionDate(occasion: Occasion, from: string): string | undefined {
  const year = Number(from.slice(0, 4));
  for (const y of [year, year + 1, year + 2]) {
    const date = occasionDateIn(occasion, y);
    if (date && date >= from) return date;
  }
  return undefined;
}

/**
 * The date of the occasion a campaign from `start` to `end` is about: the occurrence inside the
 * window, or else the nearest one to it (a lead-up before, a follow-up after), within a year.
 */
export function occasionDateFor(occasion: Occasion, start: string, end: string): string | undefined {
  const year = Number(start.slice(0, 4));
  let best: { date: string; distance: number } | undefined;
  for (const y of [year - 1, year, year + 1, year + 2]) {
    const date = occasionDateIn(occasion, y);
    if (!date) continue;
    const distance = date < start ? daysBetween(date, start) : date > end ? daysBetween(end, date) : 0;
    if (!best || distance < best.distance) best = { date, distance };
  }
  return best && best.distance <= 366 ? best.date : undefined;
}
