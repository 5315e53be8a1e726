/**
 * A plan's words in the page's language. The catalogue (`@gl/core` PLANS, also served by GET
 * /api/plans) keeps English feature lines: each known line has a key in the `pricing` catalogue
 * (`features.<key>`); a line the catalogue does not know yet is shown as it comes.
 */
import type { PlanId } from '@gl/core/types';

export const FEATURE_KEYS = {
  'Saved lines library': 'library',
  '3 categories: taglines, bios, captions': 'freeCategories',
  '3 tones: corporate, funny, bold': 'freeTones',
  'Unlimited generations': 'unlimited',
  'All 6 categories': 'allCategories',
  'All 7 tones': 'allTones',
  'Custom prompts': 'customPrompts',
  'Captions from a photo': 'photo',
  'Bulk export (CSV, JSON)': 'export',
  'Usage analytics': 'analytics',
  'Everything in Pro': 'everythingPro',
  'API access': 'api',
  'Team collaboration': 'team',
  'Priority support': 'support',
} as const;

export type FeatureKey = (typeof FEATURE_KEYS)[keyof typeof FEATURE_KEYS] | 'daily' | 'campaignLines';

/**
 * The key of a feature line, or null when the catalogue has none ("10 generations per day" is
 * `daily`, "Campaigns: up to 112 lines a day" `campaignLines`: their numbers come from the plan's limits).
 */
export function featureKey(line: string): FeatureKey | null {
  if (/^\d+ generations? per day$/.test(line)) return 'daily';
  if (/^Campaigns: up to \d+ lines a day$/.test(line)) return 'campaignLines';
  return Object.hasOwn(FEATURE_KEYS, line) ? FEATURE_KEYS[line as keyof typeof FEATURE_KEYS] : null;
}

/** The `common` catalogue key of a plan's name. */
export const planNameKey = (id: PlanId) => `plans.${id}` as const;
