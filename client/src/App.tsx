import { Suspense, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import Layout from './ui/layout/Layout';
import { isNoRedirectPath, setUnauthorizedHandler } from './platform/api';
import { createQueryClient } from './platform/query-client';
import { AuthProvider } from './features/accounts';
import { ThemeProvider } from './platform/theme';
import { lazyChunk, lazyPage, type LazyPage } from './platform/lazy-page';
import { accountRoutes } from './features/accounts/routes';
import type { PrerenderedPath } from './prerendered-routes';

// Route-level code splitting: each page is its own chunk. The prerendered public pages can be
// loaded ahead (lazyPage), so hydrating their HTML never waits inside a Suspense boundary.
const HomePage = lazyPage(() => import('./features/site/HomePage'), { words: 'core' });
const GeneratePage = lazyChunk(() => import('./features/lines/GeneratePage'));
const AboutPage = lazyPage(() => import('./features/site/AboutPage'));
const ContactPage = lazyPage(() => import('./features/site/contact/ContactPage'));
const CoursesPage = lazyPage(() => import('./features/site/courses/CoursesPage'));
const CommunityPage = lazyPage(() => import('./features/site/community/CommunityPage'));
const PricingPage = lazyPage(() => import('./features/billing/PricingPage'));
const ApiDocsPage = lazyPage(() => import('./features/api-keys/ApiDocsPage'));
const SavedPage = lazyChunk(() => import('./features/library/SavedPage'));
const BrandsPage = lazyChunk(() => import('./features/brands/BrandsPage'));
const CampaignsPage = lazyChunk(() => import('./features/campaigns/CampaignsPage'));
const BillingPage = lazyChunk(() => import('./features/billing/BillingPage'));
const AuthPage = lazyChunk(() => import('./features/accounts/AuthPage'));
const PrivacyPage = lazyPage(() => import('./features/site/legal/PrivacyPage'));
const TermsPage = lazyPage(() => import('./features/site/legal/TermsPage'));
const TeamPage = lazyChunk(() => import('./features/teams/TeamPage'));
const JoinPage = lazyChunk(() => import('./features/teams/JoinPage'));
const NotFoundPage = lazyChunk(() => import('./features/site/NotFoundPage'));
// The client's approval page: outside the layout, with only its own words (not every area's), so a
// phone's first visit stays light. main.tsx loads it before the first render, so the heading the
// server wrote into the page stays painted until the page replaces it.
export const ApprovePage = lazyPage(() => import('./features/approvals/ApprovePage'), { words: 'core' });
const ApprovalsPage = lazyChunk(() => import('./features/approvals/ApprovalsPage'));

/** The page component of each prerendered route (client/src/prerendered-routes.ts). */
export const PRERENDERED_PAGES: Record<PrerenderedPath, LazyPage> = {
  '/': HomePage,
  '/about': AboutPage,
  '/pricing': PricingPage,
  '/community': CommunityPage,
  '/courses': CoursesPage,
  '/contact': ContactPage,
  '/api-docs': ApiDocsPage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
};

/** Any 401 (after a failed refresh) sends the user to /auth, unless on /auth or /. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (!isNoRedirectPath(window.location.pathname)) navigate('/auth', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
  return null;
}

const approvePage = (
  <Suspense fallback={null}>
    <ApprovePage />
  </Suspense>
);

export function AppRoutes() {
  return (
    <>
      <UnauthorizedRedirect />
      <Routes>
        <Route path="approve/:token" element={approvePage} />
        <Route path="sw/approve/:token" element={approvePage} />
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="generate" element={<GeneratePage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="courses" element={<CoursesPage />} />
          <Route path="community" element={<CommunityPage />} />
          <Route path="pricing" element={<PricingPage />} />
          <Route path="api-docs" element={<ApiDocsPage />} />
          <Route path="saved" element={<SavedPage />} />
          <Route path="brands" element={<BrandsPage />} />
          <Route path="campaigns" element={<CampaignsPage />} />
          <Route path="billing" element={<BillingPage />} />
          <Route path="auth" element={<AuthPage />} />
          <Route path="team" element={<TeamPage />} />
          <Route path="approvals" element={<ApprovalsPage />} />
          <Route path="join" element={<JoinPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="terms" element={<TermsPage />} />
          {accountRoutes}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}

/** Theme, queries and session around the router: the same in the browser and in the build's prerender. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

export default function App({ queryClient = createQueryClient() }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
