import type { MarketingIconName } from '../components/marketing/MarketingIcon';

/** The community page's perks, membership tiers and events. Join and register are simulated. */

/** Join takes 2 s then shows Joined! for 3 s; register takes 1.5 s then Registered. */
export const JOIN_MS = 2000;
export const JOINED_NOTICE_MS = 3000;
export const REGISTER_MS = 1500;

export interface Perk {
  icon: MarketingIconName;
  title: string;
  description: string;
}

export const PERKS: readonly Perk[] = [
  {
    icon: 'chat',
    title: 'Private Discord',
    description: 'Ask questions, share wins and get unstuck with developers and creators who ship.',
  },
  {
    icon: 'video',
    title: 'Live Sessions',
    description: 'Weekly live coding, teardown and Q&A sessions, with recordings if you miss one.',
  },
  {
    icon: 'review',
    title: 'Code Reviews',
    description: 'Post a pull request or a landing page and get honest, friendly feedback from peers.',
  },
  {
    icon: 'gift',
    title: 'Member Discounts',
    description: 'Early access to new courses, event discounts and extra Genius Lines credits.',
  },
];

export interface MembershipTier {
  id: 'community' | 'mastermind';
  name: string;
  /** USD per month. */
  price: number;
  description: string;
  features: readonly string[];
  popular: boolean;
}

export const MASTERMIND_MAX_MEMBERS = 10;

export const TIERS: readonly MembershipTier[] = [
  {
    id: 'community',
    name: 'Community',
    price: 19.99,
    description: 'Everything you need to learn in public with a friendly crowd.',
    features: [
      'Private Discord access',
      'Weekly live sessions and recordings',
      'Peer code reviews',
      'Member discounts on events and courses',
    ],
    popular: true,
  },
  {
    id: 'mastermind',
    name: 'Mastermind',
    price: 497,
    description: `Small-group mentoring, maximum ${MASTERMIND_MAX_MEMBERS} people.`,
    features: [
      `Small-group mentoring, maximum ${MASTERMIND_MAX_MEMBERS} people`,
      'Two group calls a month',
      'Direct feedback on your product and content',
      'Everything in Community',
    ],
    popular: false,
  },
];

export type EventType = 'Workshop' | 'Live Session' | 'Masterclass';

export interface CommunityEvent {
  id: 'react-masterclass' | 'content-creation' | 'ai-marketing';
  title: string;
  description: string;
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
      title: 'React Performance Masterclass',
      description: 'Profile, split and memoise a slow React app until it flies. Bring your own app or use ours.',
      date: upcomingDate(now, 10, 6),
      time: '16:00 EAT',
      type: 'Masterclass',
      price: 49,
      spots: 25,
    },
    {
      id: 'content-creation',
      title: 'Content Creation for Developers',
      description: 'Plan, script and record a short coding video in one evening, live with the community.',
      date: upcomingDate(now, 17, 3),
      time: '19:00 EAT',
      type: 'Live Session',
      price: 25,
      spots: 50,
    },
    {
      id: 'ai-marketing',
      title: 'AI-Powered Marketing Workshop',
      description: 'Use AI to write taglines, ads and launch posts that still sound like you. Hands-on.',
      date: upcomingDate(now, 24, 6),
      time: '14:00 EAT',
      type: 'Workshop',
      price: 75,
      spots: 15,
    },
  ];
}

export function formatEventDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
