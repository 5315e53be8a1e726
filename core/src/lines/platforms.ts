/**
 * Where a line will be posted (DESIGN.md §13): each platform's hard limit, how it counts, and the
 * hashtag and emoji defaults. Browser-safe data; the counting itself lives in `@gl/core`'s
 * `countForPlatform` (server and client share it).
 */

export const PLATFORM_IDS = [
  'instagram_caption',
  'instagram_bio',
  'tiktok_bio',
  'x_bio',
  'x_post',
  'linkedin_headline',
  'facebook_ad_primary',
  'facebook_ad_headline',
  'google_ads_headline',
  'google_ads_description',
  'youtube_title',
  'sms',
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/** How a platform measures a line: user-perceived characters, X's weighted length, or one GSM-7 SMS segment. */
export const PLATFORM_COUNTINGS = ['graphemes', 'x_weighted', 'gsm7'] as const;
export type PlatformCounting = (typeof PLATFORM_COUNTINGS)[number];

/** `none`: no `#word` in any line; `few`: 1 to 3 hashtags, at the end. */
export const HASHTAG_MODES = ['none', 'few'] as const;
export type HashtagMode = (typeof HASHTAG_MODES)[number];

/** `none`: no emoji (Unicode Extended_Pictographic); `some`: at most 2 per line. */
export const EMOJI_MODES = ['none', 'some'] as const;
export type EmojiMode = (typeof EMOJI_MODES)[number];

export const HASHTAGS_FEW_MAX = 3;
export const EMOJI_SOME_MAX = 2;

export interface Platform {
  id: PlatformId;
  name: string;
  /** Hard limit, counted as `counting` says. */
  maxChars: number;
  counting: PlatformCounting;
  /** Defaults when the request does not say. */
  hashtags: HashtagMode;
  emoji: EmojiMode;
}

export const PLATFORMS: readonly Platform[] = [
  { id: 'instagram_caption', name: 'Instagram caption', maxChars: 125, counting: 'graphemes', hashtags: 'few', emoji: 'some' },
  { id: 'instagram_bio', name: 'Instagram bio', maxChars: 150, counting: 'graphemes', hashtags: 'none', emoji: 'some' },
  { id: 'tiktok_bio', name: 'TikTok bio', maxChars: 80, counting: 'graphemes', hashtags: 'none', emoji: 'some' },
  { id: 'x_bio', name: 'X bio', maxChars: 160, counting: 'x_weighted', hashtags: 'none', emoji: 'some' },
  { id: 'x_post', name: 'X post', maxChars: 280, counting: 'x_weighted', hashtags: 'none', emoji: 'some' },
  { id: 'linkedin_headline', name: 'LinkedIn headline', maxChars: 220, counting: 'graphemes', hashtags: 'none', emoji: 'none' },
  { id: 'facebook_ad_primary', name: 'Facebook ad primary text', maxChars: 125, counting: 'graphemes', hashtags: 'none', emoji: 'some' },
  { id: 'facebook_ad_headline', name: 'Facebook ad headline', maxChars: 40, counting: 'graphemes', hashtags: 'none', emoji: 'none' },
  { id: 'google_ads_headline', name: 'Google Ads headline', maxChars: 30, counting: 'graphemes', hashtags: 'none', emoji: 'none' },
  { id: 'google_ads_description', name: 'Google Ads description', maxChars: 90, counting: 'graphemes', hashtags: 'none', emoji: 'none' },
  { id: 'youtube_title', name: 'YouTube title', maxChars: 100, counting: 'graphemes', hashtags: 'none', emoji: 'some' },
  { id: 'sms', name: 'SMS (one segment)', maxChars: 160, counting: 'gsm7', hashtags: 'none', emoji: 'none' },
];

export function getPlatform(id: PlatformId): Platform {
  const platform = PLATFORMS.find((p) => p.id === id);
  if (!platform) throw new Error(`Unknown platform: ${id}`);
  return platform;
}

/** Refine actions on one line of a generation (POST /lines/generations/:id/refine). */
export const REFINE_ACTIONS = [
  'shorter',
  'longer',
  'punchier',
  'funnier',
  'more_formal',
  'add_emoji',
  'remove_emoji',
  'translate',
] as const;
export type RefineAction = (typeof REFINE_ACTIONS)[number];
/** `shorter` gives a line of at most this share of the original's length. */
export const REFINE_SHORTER_RATIO = 0.8;
