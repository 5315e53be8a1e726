import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_USER, fail, mockApi, ok, resetBrowserState, signIn } from '../../test/app-harness';
import { clearPendingSaves, flushPendingSaves, queueSave, usePendingSaves } from './pending-saves';
import { getSession } from '../../platform/session';
import { renderHook } from '@testing-library/react';

const GRACE = { ...TEST_USER, id: '33333333-3333-4333-8333-333333333333', email: 'grace@example.com', name: 'Grace' };
const line = (key: string, userId = TEST_USER.id, text = `Line ${key}`) =>
  ({ key, userId, text, category: 'taglines', tone: 'bold' }) as const;
const saved = (text: string) => ok({ savedLine: { id: `id-${text}`, text }, alreadySaved: false }, 201);

beforeEach(async () => {
  resetBrowserState();
  await clearPendingSaves();
});

describe('pending saves (this test environment has no IndexedDB: the queue lives in memory)', () => {
  it('sends the signed-in person’s saves once each, oldest first, with their own Idempotency-Key', async () => {
    signIn();
    const { calls } = mockApi({ 'POST /api/lines/save': (req) => saved((req.body as { text: string }).text) });
    await queueSave(line('k1'));
    await queueSave(line('k2'));
    const { result } = renderHook(() => usePendingSaves());
    expect(result.current.entries.map((e) => e.key)).toEqual(['k1', 'k2']);

    await flushPendingSaves();
    await flushPendingSaves();
    const sent = calls.filter((c) => c.path === '/api/lines/save');
    expect(sent.map((c) => [c.headers['Idempotency-Key'], c.body])).toEqual([
      ['k1', { text: 'Line k1', category: 'taglines', tone: 'bold' }],
      ['k2', { text: 'Line k2', category: 'taglines', tone: 'bold' }],
    ]);
    expect(result.current.entries).toEqual([]);
    expect(result.current.outcomes.k1).toMatchObject({ status: 'saved', already: false });
  });

  it('a line written for a platform is saved with it, also when it waited offline', async () => {
    signIn();
    const { calls } = mockApi({ 'POST /api/lines/save': (req) => saved((req.body as { text: string }).text) });
    await queueSave({ ...line('k3'), generationId: '22222222-2222-4222-8222-222222222222', platform: 'sms' });
    await flushPendingSaves();
    expect(calls.find((c) => c.path === '/api/lines/save')!.body).toEqual({
      text: 'Line k3',
      category: 'taglines',
      tone: 'bold',
      generationId: '22222222-2222-4222-8222-222222222222',
      platform: 'sms',
    });
  });

  it('never sends another account’s pending save, and drops it when someone else signs in', async () => {
    await queueSave(line('ada-1'));
    signIn(GRACE);
    const { calls } = mockApi({ 'POST /api/lines/save': () => saved('x') });
    await flushPendingSaves();
    expect(calls.filter((c) => c.path === '/api/lines/save')).toEqual([]);
    signIn();
    await flushPendingSaves();
    expect(calls.filter((c) => c.path === '/api/lines/save')).toEqual([]);
  });

  it('an ended session keeps the save, without moving the page; it goes once the same person signs in again', async () => {
    signIn();
    await queueSave(line('k1'));
    const api = mockApi({
      'POST /api/lines/save': () => fail(401, 'Session expired', 'UNAUTHENTICATED'),
      'POST /api/auth/refresh': () => fail(401, 'Session expired', 'UNAUTHENTICATED'),
    });
    const before = window.location.href;
    await flushPendingSaves();
    expect(getSession()).toBeNull();
    expect(window.location.href).toBe(before);
    const { result } = renderHook(() => usePendingSaves());
    expect(result.current.entries).toEqual([]); // nobody signed in: nothing shown

    const again = mockApi({ 'POST /api/lines/save': () => saved('Line k1') });
    signIn();
    await flushPendingSaves();
    expect(api.calls.filter((c) => c.path === '/api/lines/save')).toHaveLength(1);
    expect(again.calls.filter((c) => c.path === '/api/lines/save').map((c) => c.headers['Idempotency-Key'])).toEqual(['k1']);
    expect(result.current.outcomes.k1).toMatchObject({ status: 'saved' });
  });

  it('the server busy keeps the save for later; a refusal (409, 400) drops it and says why', async () => {
    signIn();
    await queueSave(line('busy'));
    mockApi({ 'POST /api/lines/save': () => fail(503, 'Service temporarily unavailable.', 'UNAVAILABLE') });
    await flushPendingSaves();
    const { result } = renderHook(() => usePendingSaves());
    expect(result.current.entries.map((e) => e.key)).toEqual(['busy']);

    mockApi({ 'POST /api/lines/save': () => fail(409, 'This Idempotency-Key was already used to save a different line.', 'CONFLICT') });
    await flushPendingSaves();
    expect(result.current.entries).toEqual([]);
    expect(result.current.outcomes.busy).toEqual({
      status: 'error',
      message: 'This Idempotency-Key was already used to save a different line.',
    });
  });

  it('sign-out (clearPendingSaves) drops every pending save', async () => {
    signIn();
    await queueSave(line('k1'));
    await clearPendingSaves();
    const { calls } = mockApi({ 'POST /api/lines/save': () => saved('x') });
    await flushPendingSaves();
    expect(calls).toEqual([]);
  });
});
