import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../platform/query-client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { PublicUser } from '@gl/core/types';
import { AuthProvider } from '../features/accounts';
import { STORAGE_KEYS } from '../platform/storage';
import { ThemeProvider } from '../platform/theme';

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
  /** The form of an upload (sent with XMLHttpRequest). */
  form?: FormData;
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
  vi.stubGlobal('XMLHttpRequest', fakeXhr(routes, calls));
  return { calls, fetchMock };
}

/** The size an upload reports in its progress events (four steps of a quarter each). */
export const FAKE_UPLOAD_BYTES = 1000;

/**
 * XMLHttpRequest on the same route table, for uploads: the body "goes up" in four progress events,
 * then the route answers (a handler that rejects is a network failure).
 */
function fakeXhr(routes: Record<string, MockHandler>, calls: MockRequest[]) {
  return class FakeXhr {
    timeout = 0;
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
      onload: (() => void) | null;
    } = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private aborted = false;
    private readonly headers: Record<string, string> = {};
    private replyHeaders: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return Object.entries(this.replyHeaders)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
    }
    getResponseHeader(name: string) {
      return Object.entries(this.replyHeaders).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] ?? null;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: unknown) {
      const url = new URL(this.url, 'http://localhost');
      const req: MockRequest = {
        method: this.method,
        path: url.pathname,
        query: url.searchParams,
        body: undefined,
        headers: { ...this.headers },
        form: body instanceof FormData ? body : undefined,
      };
      calls.push(req);
      void (async () => {
        for (let step = 1; step <= 4; step++) {
          await Promise.resolve();
          if (this.aborted) return;
          this.upload.onprogress?.({ lengthComputable: true, loaded: (FAKE_UPLOAD_BYTES * step) / 4, total: FAKE_UPLOAD_BYTES });
        }
        this.upload.onload?.();
        const handler = routes[`${req.method} ${req.path}`];
        let reply: Exclude<MockReply, Promise<never>>;
        try {
          reply = handler
            ? ((await handler(req)) as Exclude<MockReply, Promise<never>>)
            : { status: 404, body: { success: false, error: `No mock for ${req.method} ${req.path}`, code: 'NOT_FOUND' } };
        } catch {
          this.onerror?.();
          return;
        }
        this.status = reply.status ?? 200;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.replyHeaders = { 'content-type': 'application/json', ...reply.headers };
        this.onload?.();
      })();
    }
  };
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
