import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_FIELD } from '@gl/core/types';
import { fail, mockApi, ok, resetBrowserState, signIn, type MockRequest } from '../test/app-harness';
import { ApiError, api, apiUpload, setUnauthorizedHandler } from './api';
import { getSession } from './session';
import { STORAGE_KEYS } from './storage';

/**
 * A photo goes up through the one API client (`apiUpload`, XMLHttpRequest inside lib/api.ts for
 * its upload progress), with the session rules of `api()`: a 401 refreshes once and sends the
 * form again; a refused refresh never sends it again; a refresh the server cannot answer now
 * keeps the person signed in.
 */

const ACCEPTED = { generation: { id: '99999999-9999-4999-8999-999999999999', status: 'pending' }, usage: { remaining: -1 } };

function photoForm(): FormData {
  const form = new FormData();
  form.append('category', 'captions');
  form.append(PHOTO_FIELD, new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

const sent = (calls: MockRequest[]) => calls.map((c) => `${c.method} ${c.path}`);

let redirect: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  resetBrowserState();
  redirect = vi.fn<() => void>();
  setUnauthorizedHandler(redirect);
});
afterEach(() => setUnauthorizedHandler(null));

describe('apiUpload', () => {
  it('sends the form with the bearer token, reports progress as it goes up, and unwraps the envelope', async () => {
    signIn();
    const { calls } = mockApi({ 'POST /api/lines/photo': () => ok(ACCEPTED, 202) });
    const progress: number[] = [];
    await expect(apiUpload('/lines/photo', photoForm(), { onProgress: (f) => progress.push(f) })).resolves.toEqual(ACCEPTED);
    expect(progress).toEqual([0, 0.25, 0.5, 0.75, 1, 1]);
    expect(calls[0]!.headers.Authorization).toBe('Bearer access-token');
    expect(calls[0]!.form?.get('category')).toBe('captions');
    expect(calls[0]!.form?.get(PHOTO_FIELD)).toBeInstanceOf(Blob);
  });

  it('a refusal is the same ApiError as api() gives: status, code, message, Retry-After, extras', async () => {
    signIn();
    mockApi({
      'POST /api/lines/photo': () =>
        fail(413, 'The photo is larger than 2 MB. Please send a smaller one.', 'PAYLOAD_TOO_LARGE', { hint: 'shrink' }),
      'POST /api/lines/generate': () => ({
        status: 429,
        body: { success: false, error: 'Too many generation requests. Please wait 30 seconds and try again.', code: 'RATE_LIMITED' },
        headers: { 'retry-after': '30' },
      }),
    });
    const err = (await apiUpload('/lines/photo', photoForm()).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The photo is larger than 2 MB. Please send a smaller one.',
    });
    expect(err.extra).toEqual({ hint: 'shrink' });
    expect(err.hasServerMessage).toBe(true);
    const limited = (await apiUpload('/lines/generate', photoForm()).catch((e) => e)) as ApiError;
    expect(limited).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 30 });
  });

  it('a 401 refreshes the session once and sends the form again, once, with the new token', async () => {
    signIn();
    const { calls } = mockApi({
      'POST /api/lines/photo': (req) =>
        req.headers.Authorization === 'Bearer new-token' ? ok(ACCEPTED, 202) : fail(401, 'Token expired', 'UNAUTHENTICATED'),
      'POST /api/auth/refresh': () => ok({ token: 'new-token', refreshToken: 'new-refresh' }),
    });
    const progress: number[] = [];
    await expect(apiUpload('/lines/photo', photoForm(), { onProgress: (f) => progress.push(f) })).resolves.toEqual(ACCEPTED);
    expect(sent(calls)).toEqual(['POST /api/lines/photo', 'POST /api/auth/refresh', 'POST /api/lines/photo']);
    expect(calls[2]!.form?.get(PHOTO_FIELD)).toBeInstanceOf(Blob);
    // The bar starts again for the second sending.
    expect(progress.filter((f) => f === 0)).toHaveLength(2);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a refused refresh never sends the form again, and ends the session exactly as api() does', async () => {
    const outcome = async (call: () => Promise<unknown>, route: string) => {
      resetBrowserState();
      signIn();
      redirect.mockClear();
      const { calls } = mockApi({
        [route]: () => fail(401, 'Please sign in to continue', 'UNAUTHENTICATED'),
        'POST /api/auth/refresh': () => fail(401, 'Session expired. Please sign in again.', 'UNAUTHENTICATED'),
      });
      const err = (await call().catch((e) => e)) as ApiError;
      return {
        error: { name: err.name, status: err.status, code: err.code, message: err.message },
        sent: sent(calls).map((c) => (c === route ? 'the request' : c)),
        session: getSession(),
        redirects: redirect.mock.calls.length,
      };
    };
    const viaUpload = await outcome(() => apiUpload('/lines/photo', photoForm()), 'POST /api/lines/photo');
    const viaApi = await outcome(() => api('/lines/generate', { method: 'POST', body: {} }), 'POST /api/lines/generate');
    expect(viaUpload.sent).toEqual(['the request', 'POST /api/auth/refresh']);
    expect(viaUpload).toEqual(viaApi);
    expect(viaUpload).toMatchObject({ error: { status: 401, code: 'UNAUTHENTICATED' }, session: null, redirects: 1 });
  });

  it('a refresh the server cannot answer now (429) sends nothing again and keeps the person signed in, as api() does', async () => {
    signIn();
    const { calls } = mockApi({
      'POST /api/lines/photo': () => fail(401, 'Token expired', 'UNAUTHENTICATED'),
      'POST /api/auth/refresh': () =>
        fail(429, 'Too many session refreshes from your network. Please try again in 3 minutes.', 'RATE_LIMITED'),
    });
    const err = (await apiUpload('/lines/photo', photoForm()).catch((e) => e)) as ApiError;
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(sent(calls)).toEqual(['POST /api/lines/photo', 'POST /api/auth/refresh']);
    expect(getSession()).toMatchObject({ token: 'access-token', refreshToken: 'refresh-token' });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a network failure is the same network error as api() reports', async () => {
    signIn();
    mockApi({ 'POST /api/lines/photo': () => Promise.reject(new TypeError('Failed to fetch')) as Promise<never> });
    const err = (await apiUpload('/lines/photo', photoForm()).catch((e) => e)) as ApiError;
    expect(err.isNetworkError).toBe(true);
    expect(err.message).toMatch(/could not reach the server/i);
  });
});
