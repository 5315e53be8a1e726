import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, resetBrowserState, signIn } from '../test/app-harness';
import { switchLanguage } from './i18n/i18n';
import { ApiError, api, setUnauthorizedHandler } from './api';
import { getSession } from './session';
import { STORAGE_KEYS } from './storage';

beforeEach(() => resetBrowserState());
afterEach(() => setUnauthorizedHandler(null));

describe('api client', () => {
  it('unwraps the envelope and sends the bearer token when signed in', async () => {
    signIn();
    const { calls } = mockApi({ 'GET /api/plans': () => ok({ plans: [1, 2] }) });
    await expect(api('/plans')).resolves.toEqual({ plans: [1, 2] });
    expect(calls[0]!.headers.Authorization).toBe('Bearer access-token');
    expect(calls[0]!.headers['X-Visitor-Id']).toBeUndefined();
  });

  it('sends a stable visitor id (a UUID kept in localStorage) when signed out', async () => {
    const { calls } = mockApi({ 'GET /api/health': () => ok({ status: 'ok' }) });
    await api('/health');
    await api('/health');
    const id = calls[0]!.headers['X-Visitor-Id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(calls[1]!.headers['X-Visitor-Id']).toBe(id);
    expect(localStorage.getItem(STORAGE_KEYS.visitorId)).toBe(id);
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('turns an error envelope into an ApiError with status, code, message, details and extras', async () => {
    mockApi({
      'POST /api/lines/generate': () =>
        fail(429, 'Daily limit reached', 'DAILY_LIMIT_REACHED', { details: [{ path: 'x' }], usage: { remaining: 0 } }),
    });
    const err = (await api('/lines/generate', { method: 'POST', body: {} }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, code: 'DAILY_LIMIT_REACHED', message: 'Daily limit reached', details: [{ path: 'x' }] });
    expect(err.extra.usage).toEqual({ remaining: 0 });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = (await api('/health').catch((e) => e)) as ApiError;
    expect(err.isNetworkError).toBe(true);
    expect(err.message).toMatch(/could not reach the server/i);
  });

  it('says what went wrong in the interface language: Kiswahili after the switch, English again after it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    try {
      await switchLanguage('sw');
      expect(((await api('/health').catch((e) => e)) as ApiError).message).toBe(
        'Imeshindikana kufikia seva. Angalia muunganisho wako wa mtandao kisha ujaribu tena.',
      );
      mockApi({ 'GET /api/plans': () => ({ status: 502, body: { success: false } }) });
      expect(((await api('/plans').catch((e) => e)) as ApiError).message).toBe('Kuna hitilafu upande wetu. Tafadhali jaribu tena.');
    } finally {
      await switchLanguage('en');
    }
    expect(((await api('/plans').catch((e) => e)) as ApiError).message).toBe('Something went wrong on our side. Please try again.');
  });

  it('gives up after 30 000 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = api('/health').catch((e) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = (await pending) as ApiError;
    expect(err.code).toBe('TIMEOUT');
  });

  it('refreshes an expired access token once and replays the request', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/subscriptions': (req) =>
        req.headers.Authorization === 'Bearer new-token' ? ok({ subscriptions: [] }) : fail(401, 'Token expired', 'UNAUTHENTICATED'),
      'POST /api/auth/refresh': (req) => {
        expect(req.body).toEqual({ refreshToken: 'refresh-token' });
        return ok({ token: 'new-token', refreshToken: 'new-refresh' });
      },
    });
    await expect(api('/subscriptions')).resolves.toEqual({ subscriptions: [] });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/subscriptions',
      'POST /api/auth/refresh',
      'GET /api/subscriptions',
    ]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
  });

  it('on a 401 it cannot recover from, clears token, user and legacy cache and sends the user to /auth', async () => {
    signIn();
    localStorage.setItem(STORAGE_KEYS.legacySavedLines, '[]');
    const redirect = vi.fn();
    setUnauthorizedHandler(redirect);
    mockApi({
      'GET /api/lines/saved': () => fail(401, 'Please sign in to continue', 'UNAUTHENTICATED'),
      'POST /api/auth/refresh': () => fail(401, 'Session expired. Please sign in again.', 'UNAUTHENTICATED'),
    });
    const err = (await api('/lines/saved').catch((e) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.legacySavedLines)).toBeNull();
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('a refresh the server cannot answer now (429 behind a busy shared address) keeps the person signed in', async () => {
    signIn();
    const redirect = vi.fn();
    setUnauthorizedHandler(redirect);
    let refreshAnswer: () => ReturnType<typeof ok> | ReturnType<typeof fail> = () =>
      fail(429, 'Too many session refreshes from your network. Please try again in 3 minutes.', 'RATE_LIMITED');
    const { calls } = mockApi({
      'GET /api/lines/saved': (req) =>
        req.headers.Authorization === 'Bearer new-token' ? ok({ savedLines: [] }) : fail(401, 'Token expired', 'UNAUTHENTICATED'),
      'POST /api/auth/refresh': () => refreshAnswer(),
    });
    const err = (await api('/lines/saved').catch((e) => e)) as ApiError;
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(err.message).toMatch(/Too many session refreshes/);
    // Still signed in, still on the page; the refresh token is kept for the next try.
    expect(getSession()).toMatchObject({ token: 'access-token', refreshToken: 'refresh-token' });
    expect(redirect).not.toHaveBeenCalled();

    // A server error or no network: the same.
    refreshAnswer = () => fail(503, 'Service temporarily unavailable. Please try again shortly.', 'UNAVAILABLE');
    expect(((await api('/lines/saved').catch((e) => e)) as ApiError).status).toBe(503);
    expect(getSession()).not.toBeNull();
    expect(redirect).not.toHaveBeenCalled();

    // Once the server answers again, the same session carries on.
    refreshAnswer = () => ok({ token: 'new-token', refreshToken: 'new-refresh' });
    await expect(api('/lines/saved')).resolves.toEqual({ savedLines: [] });
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(3);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
  });

  it('the default 401 handler leaves the user alone on /auth and on /', async () => {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, pathname: '/', assign } });
    try {
      mockApi({ 'GET /api/users/analytics': () => fail(401, 'Please sign in to continue', 'UNAUTHENTICATED') });
      await api('/users/analytics').catch(() => undefined);
      expect(assign).not.toHaveBeenCalled();
      Object.defineProperty(window, 'location', { configurable: true, value: { ...original, pathname: '/saved', assign } });
      await api('/users/analytics').catch(() => undefined);
      expect(assign).toHaveBeenCalledWith('/auth');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it("the auth form's own 401 (wrong password) is an answer, not a lost session", async () => {
    const redirect = vi.fn();
    setUnauthorizedHandler(redirect);
    mockApi({ 'POST /api/auth/login': () => fail(401, 'Invalid email or password', 'UNAUTHENTICATED') });
    await expect(api('/auth/login', { method: 'POST', body: {}, sessionHandling: false })).rejects.toThrow('Invalid email or password');
    expect(redirect).not.toHaveBeenCalled();
  });
});
