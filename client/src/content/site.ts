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

/** The footer's themes list. */
export const THEMES = ['Programming Videos', 'Coding Humor', 'Project Showcases', 'Creative Lines'] as const;

/** The marketing counters. */
export const COUNTERS = [
  { value: '10K+', label: 'Developers' },
  { value: '500+', label: 'Videos' },
  { value: '50K+', label: 'Lines generated' },
  { value: '100+', label: 'Projects' },
] as const;
