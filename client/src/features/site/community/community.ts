import type { MarketingIconName } from '../MarketingIcon';
import { intlLocale } from '../../../platform/i18n/i18n';

/**
 * The community page's perks, membership tiers and events. Join and register are simulated. Their
 * words are in the `community` catalogue, keyed by id; this module keeps the data.
 */

/** Join takes 2 s then shows Joined! for 3 s; register takes 1.5 s then Registered. */
export const JOIN_MS = 2000;
export const JOINED_NOTICE_MS = 3000;
export const REGISTER_MS = 1500;

export interface Perk {
  /** Its words: `community:perks.<id>.title` and `.description`. */
  id: 'discord' | 'live' | 'reviews' | 'discounts';
  icon: MarketingIconName;
}

export const PERKS: readonly Perk[] = [
  { id: 'discord', icon: 'chat' },
  { id: 'live', icon: 'video' },
  { id: 'reviews', icon: 'review' },
  { id: 'discounts', icon: 'gift' },
];

export interface MembershipTier {
  /** Its words: `community:tier.<id>.name`, `.description` and `.features`. */
  id: 'community' | 'mastermind';
  /** USD per month. */
  price: number;
  popular: boolean;
}

export const MASTERMIND_MAX_MEMBERS = 10;

export const TIERS: readonly MembershipTier[] = [
  {
    id: 'community',
    price: 19.99,
    popular: true,
  },
  {
    id: 'mastermind',
    price: 497,
    popular: false,
  },
];

export type EventType = 'Workshop' | 'Live Session' | 'Masterclass';

/** The catalogue key of an event type: `community:events.type.<key>`. */
export const EVENT_TYPE_KEY = { Workshop: 'workshop', 'Live Session': 'live', Masterclass: 'masterclass' } as const satisfies Record<
  EventType,
  string
>;

export interface CommunityEvent {
  /** Its words: `community:event.<id>.title` and `.description`. */
  id: 'react-masterclass' | 'content-creation' | 'ai-marketing';
  /** ISO date (YYYY-MM-DD) */
  date: string;
  /** local time as shown, e.g. '18:00 EAT' */
  time: string;
  type: EventType;
  /** USD */
  price: number;
  spots: number;
}

/** The next given weekday at least `minDaysAhead` days after `from`, as YYYY-MM-DD (UTC). */
export function upcomingDate(from: Date, minDaysAhead: number, weekday: number): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + minDaysAhead));
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The three upcoming events; dates are always in the future relative to `now`. */
export function upcomingEvents(now: Date = new Date()): CommunityEvent[] {
  return [
    {
      id: 'react-masterclass',
      date: upcomingDate(now, 10, 6),
      time: '16:00 EAT',
      type: 'Masterclass',
      price: 49,
      spots: 25,
    },
    {
      id: 'content-creation',
      date: upcomingDate(now, 17, 3),
      time: '19:00 EAT',
      type: 'Live Session',
      price: 25,
      spots: 50,
    },
    {
      id: 'ai-marketing',
      date: upcomingDate(now, 24, 6),
      time: '14:00 EAT',
      type: 'Workshop',
      price: 75,
      spots: 15,
    },
  ];
}

/** An event's day in the interface's language: "Sat, Dec 5, 2026" / "Jumamosi, 5 Des 2026". */
export function formatEventDate(iso: string, locale: string = intlLocale()): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
