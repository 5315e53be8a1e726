/**
 * Public facts about Genius Lines shown on the marketing pages (footer, contact, about).
 * One place to change them.
 */
export const SITE = {
  name: 'Genius Lines',
  tagline: 'code, create, laugh',
  email: 'hello@geniuslines.app',
  location: 'Nakuru, KE',
  responseTime: 'Under 24 hours',
  liveChat: 'Available 24/7',
} as const;

export interface SocialLink {
  id: 'github' | 'youtube' | 'x' | 'email';
  /** What the link is, for screen readers and tooltips. */
  label: string;
  href: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { id: 'github', label: 'GitHub (code)', href: 'https://github.com/geniuslines' },
  { id: 'youtube', label: 'YouTube channel', href: 'https://www.youtube.com/@geniuslines' },
  { id: 'x', label: 'X (Twitter)', href: 'https://x.com/geniuslines' },
  { id: 'email', label: 'E-mail us', href: `mailto:${SITE.email}` },
];

/** The footer's themes list: keys of `footer.themeList` in the `common` catalogue. */
export const THEMES = ['videos', 'humor', 'showcases', 'lines'] as const;

/** The marketing counters ("10K+ Developers"): at least `count`, named by `counters.<label>` in `common`. */
export const COUNTERS = [
  { count: 10_000, label: 'developers' },
  { count: 500, label: 'videos' },
  { count: 50_000, label: 'linesGenerated' },
  { count: 100, label: 'projects' },
] as const;

/** A counter's figure in the page's language: "10K+", "elfu 10+". */
export function counterValue(count: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { notation: 'compact' }).format(count)}+`;
}
