/** The public pages: path, a name for artifacts, and the h1 each shows. */
export const PUBLIC_PAGES = [
  { path: '/', name: 'home', heading: /Words that ship/ },
  { path: '/about', name: 'about', heading: /Two people, one mission/ },
  { path: '/contact', name: 'contact', heading: /Get in Touch/ },
  { path: '/community', name: 'community', heading: /The Genius Lines Community/ },
  { path: '/courses', name: 'courses', heading: /Premium Courses/ },
  { path: '/api-docs', name: 'api-docs', heading: /Genius Lines API/ },
  { path: '/privacy', name: 'privacy', heading: /Privacy Policy/ },
  { path: '/terms', name: 'terms', heading: /Terms of Service/ },
  { path: '/no-such-page', name: 'not-found', heading: /Page not found/ },
] as const;
