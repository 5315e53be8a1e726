/**
 * The product catalogue: categories, tones, languages and plans.
 * Browser-safe. Money is in integer cents; the server never trusts a client-sent amount.
 */

export const CATEGORY_IDS = ['taglines', 'bios', 'captions', 'quotes', 'slogans', 'adlines'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface Category {
  id: CategoryId;
  name: string;
  description: string;
  /** Hard upper bound on a generated line's length, in characters. */
  maxChars: number;
  /** Lower bound: shorter output is not a line. */
  minChars: number;
}

export const CATEGORIES: readonly Category[] = [
  {
    id: 'taglines',
    name: 'Business Taglines',
    description: 'Short, memorable lines that say what a brand stands for.',
    maxChars: 80,
    minChars: 8,
  },
  { id: 'bios', name: 'Social Media Bios', description: 'Profile bios that introduce you in one breath.', maxChars: 160, minChars: 15 },
  {
    id: 'captions',
    name: 'Instagram Captions',
    description: 'Captions with personality, hashtags and emoji welcome.',
    maxChars: 220,
    minChars: 10,
  },
  { id: 'quotes', name: 'Inspirational Quotes', description: 'Lines worth writing on a wall.', maxChars: 180, minChars: 15 },
  { id: 'slogans', name: 'Marketing Slogans', description: 'Punchy campaign lines that stick.', maxChars: 70, minChars: 6 },
  { id: 'adlines', name: 'Ad Lines & Jingles', description: 'Ad copy and jingle hooks that sell.', maxChars: 140, minChars: 10 },
];

export const TONES = ['funny', 'corporate', 'bold', 'romantic', 'minimalist', 'inspirational', 'motivational'] as const;
export type Tone = (typeof TONES)[number];

export const LANGUAGES = [
  { id: 'en', name: 'English' },
  { id: 'sw', name: 'Kiswahili' },
  { id: 'fr', name: 'Français' },
  { id: 'es', name: 'Español' },
  { id: 'de', name: 'Deutsch' },
  { id: 'pt', name: 'Português' },
] as const;
export type LanguageId = (typeof LANGUAGES)[number]['id'];
export const LANGUAGE_IDS = LANGUAGES.map((l) => l.id) as unknown as readonly [LanguageId, ...LanguageId[]];

export const GENERATION_SOURCES = ['openai', 'huggingface', 'static_fallback', 'fallback'] as const;
export type GenerationSource = (typeof GENERATION_SOURCES)[number];

export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** -1 means unlimited. */
export const UNLIMITED = -1;

export interface PlanLimits {
  dailyGenerations: number;
  categories: readonly CategoryId[];
  tones: readonly Tone[];
  customPrompts: boolean;
  bulkExport: boolean;
  apiAccess: boolean;
  analytics: boolean;
  teamCollaboration: boolean;
  /** Seats in a team, the owner included; 0 = this plan cannot own a team. */
  teamSeats: number;
  /** How many brand kits a user may keep (0: none). */
  brandKits: number;
  /** Several tones of one brief side by side (POST /lines/compare). */
  toneComparison: boolean;
  /** Campaigns: a line per day × platform for an occasion, and their exports (POST /campaigns). */
  campaigns: boolean;
  /**
   * Campaign lines (days × platforms) an account may plan a day, beside the daily generations: a
   * campaign is refused whole when it does not fit what is left (0: no campaigns).
   */
  campaignLinesPerDay: number;
  /** Lines written from a photo (POST /lines/photo, POST /v1/photo). */
  photoCaptions: boolean;
}

export interface Plan {
  id: PlanId;
  name: string;
  /** USD per month, in cents. */
  priceCents: number;
  /** USD per month, as the pricing page shows it (e.g. 9.99). */
  price: number;
  interval: 'month';
  features: readonly string[];
  popular: boolean;
  limits: PlanLimits;
}

/**
 * Campaign lines a day (DESIGN §22): Pro plans two full campaigns (14 days × 4 platforms = 56 lines
 * each), Business six, for a team's several brands. Generations outside campaigns stay unlimited.
 */
const PRO_CAMPAIGN_LINES = 112;
const BUSINESS_CAMPAIGN_LINES = 336;
/** The pricing page's line for a plan's campaign budget (the client reads the number from `limits`). */
export const campaignLinesFeature = (lines: number) => `Campaigns: up to ${lines} lines a day`;

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    price: 0,
    interval: 'month',
    popular: false,
    features: [
      '10 generations per day',
      '3 categories: taglines, bios, captions',
      '3 tones: corporate, funny, bold',
      'Saved lines library',
    ],
    limits: {
      dailyGenerations: 10,
      categories: ['taglines', 'bios', 'captions'],
      tones: ['corporate', 'funny', 'bold'],
      customPrompts: false,
      bulkExport: false,
      apiAccess: false,
      analytics: false,
      teamCollaboration: false,
      teamSeats: 0,
      brandKits: 0,
      toneComparison: false,
      campaigns: false,
      campaignLinesPerDay: 0,
      photoCaptions: false,
    },
  },
  {
    id: 'pro',
    name: 'Pro',
    priceCents: 999,
    price: 9.99,
    interval: 'month',
    popular: true,
    features: [
      'Unlimited generations',
      'All 6 categories',
      'All 7 tones',
      'Custom prompts',
      'Captions from a photo',
      campaignLinesFeature(PRO_CAMPAIGN_LINES),
      'Bulk export (CSV, JSON)',
      'Usage analytics',
    ],
    limits: {
      dailyGenerations: UNLIMITED,
      categories: CATEGORY_IDS,
      tones: TONES,
      customPrompts: true,
      bulkExport: true,
      apiAccess: false,
      analytics: true,
      teamCollaboration: false,
      teamSeats: 0,
      brandKits: 3,
      toneComparison: true,
      campaigns: true,
      campaignLinesPerDay: PRO_CAMPAIGN_LINES,
      photoCaptions: true,
    },
  },
  {
    id: 'business',
    name: 'Business',
    priceCents: 2999,
    price: 29.99,
    interval: 'month',
    popular: false,
    features: ['Everything in Pro', campaignLinesFeature(BUSINESS_CAMPAIGN_LINES), 'API access', 'Team collaboration', 'Priority support'],
    limits: {
      dailyGenerations: UNLIMITED,
      categories: CATEGORY_IDS,
      tones: TONES,
      customPrompts: true,
      bulkExport: true,
      apiAccess: true,
      analytics: true,
      teamCollaboration: true,
      teamSeats: 5,
      brandKits: 25,
      toneComparison: true,
      campaigns: true,
      campaignLinesPerDay: BUSINESS_CAMPAIGN_LINES,
      photoCaptions: true,
    },
  },
];

export const YEARLY_DISCOUNT = 0.2;

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

export function getCategory(id: CategoryId): Category {
  const category = CATEGORIES.find((c) => c.id === id);
  if (!category) throw new Error(`Unknown category ${id}`);
  return category;
}

/** What a plan costs for one billing interval, in cents: yearly = monthly x 12 x 0.8. */
export function planPriceCents(id: PlanId, interval: BillingInterval): number {
  const monthly = getPlan(id).priceCents;
  return interval === 'month' ? monthly : Math.round(monthly * 12 * (1 - YEARLY_DISCOUNT));
}

/** The monthly equivalent shown for a yearly plan: the yearly total divided by 12, in cents. */
export function yearlyMonthlyEquivalentCents(id: PlanId): number {
  return Math.round(planPriceCents(id, 'year') / 12);
}

/** The cheapest plan that allows a thing, for 403 PLAN_REQUIRED messages. */
export function cheapestPlanWhere(predicate: (limits: PlanLimits) => boolean): Plan | undefined {
  return PLANS.find((p) => predicate(p.limits));
}

/** Remaining generations: limit minus count, never below 0, or -1 for unlimited. */
export function remainingGenerations(limit: number, count: number): number {
  if (limit === UNLIMITED) return UNLIMITED;
  return Math.max(0, limit - count);
}
