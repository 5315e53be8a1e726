import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../platform/query-client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { PublicUser } from '@gl/core/types';
import { AuthProvider } from '../features/accounts/auth';
import { STORAGE_KEYS } from '../platform/storage';
import { ThemeProvider } from '../platform/theme';

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}
export type MockReply = { status?: number; body?: unknown; headers?: Record<string, string> } | Promise<never>;
export type MockHandler = (req: MockRequest) => MockReply | Promise<MockReply>;

/** Replaces fetch with a route table keyed 'METHOD /api/path'; records every call. */
export function mockApi(routes: Record<string, MockHandler>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const req: MockRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    };
    calls.push(req);
    const handler = routes[`${req.method} ${req.path}`];
    if (!handler) return json(404, { success: false, error: `No mock for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
    const reply = await handler(req);
    return json(reply.status ?? 200, reply.body, reply.headers);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
export const fail = (status: number, error: string, code: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { success: false, error, code, ...extra },
});

export const TEST_USER: PublicUser = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  planId: 'free',
  isAdmin: false,
  emailVerified: true,
  language: 'en',
  timeZone: 'UTC',
};

export function signIn(user: PublicUser = TEST_USER): void {
  localStorage.setItem(STORAGE_KEYS.token, 'access-token');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export function Providers({ children, route = '/' }: { children: ReactNode; route?: string }) {
  // The app's client (mutations fail at once offline, as in the app), with no retries or caching between renders.
  const client = createQueryClient({ queries: { retry: false, gcTime: 0, staleTime: 0 } });
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/** Renders `ui` at `path` (route `route`), with every provider and a location probe. */
export function renderAt(ui: ReactElement, { route = '/', path = '*' }: { route?: string; path?: string } = {}) {
  return render(
    <Providers route={route}>
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </Providers>,
  );
}

/** Per-test reset for these component tests: storage, theme class, stubbed globals, timers. */
export function resetBrowserState(): void {
  localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  vi.unstubAllGlobals();
  vi.useRealTimers();
}
