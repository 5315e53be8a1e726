/**
 * The public pages rendered to HTML at build time (client/build/prerender.ts) and hydrated in the
 * browser, each with the file of its page component (for the chunk's modulepreload).
 */
export const PRERENDERED_ROUTES = {
  '/': 'src/features/site/HomePage.tsx',
  '/about': 'src/features/site/AboutPage.tsx',
  '/pricing': 'src/features/billing/PricingPage.tsx',
  '/community': 'src/features/site/community/CommunityPage.tsx',
  '/courses': 'src/features/site/courses/CoursesPage.tsx',
  '/contact': 'src/features/site/contact/ContactPage.tsx',
  '/api-docs': 'src/features/api-keys/ApiDocsPage.tsx',
  '/privacy': 'src/features/site/legal/PrivacyPage.tsx',
  '/terms': 'src/features/site/legal/TermsPage.tsx',
} as const;

export type PrerenderedPath = keyof typeof PRERENDERED_ROUTES;

/** The route a URL path names ('/pricing/' is '/pricing'), or null when it is not prerendered. */
export function prerenderedPath(pathname: string): PrerenderedPath | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return Object.hasOwn(PRERENDERED_ROUTES, path) ? (path as PrerenderedPath) : null;
}
