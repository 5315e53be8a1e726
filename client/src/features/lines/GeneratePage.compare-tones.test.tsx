import { notifyManager } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BrandDto, UsageSummary } from '@gl/core/types';
import GeneratePage from './GeneratePage';
import { TEST_USER, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';
import { fakeSocket } from '../../test/fake-socket';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));
// A generation streams into the query cache, which tells the page at once here (not on the next tick), so each
// live() shows what its event changed.
notifyManager.setScheduler((cb) => cb());

beforeEach(() => resetBrowserState());

const usage = (used: number): UsageSummary => ({
  planId: 'pro',
  dailyGenerations: used,
  monthlyGenerations: used,
  limit: -1,
  remaining: -1,
  resetsAt: '2026-01-02T00:00:00.000Z',
});
const BRAND: BrandDto = {
  id: '33333333-3333-4333-8333-333333333333',
  teamId: null,
  name: 'Kahawa Roasters',
  description: '',
  audience: '',
  wordsToUse: [],
  wordsToAvoid: ['cheap'],
  exampleLines: [],
  noExclamation: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const TEAM_BRAND: BrandDto = {
  ...BRAND,
  id: '66666666-6666-4666-8666-666666666666',
  teamId: '77777777-7777-4777-8777-777777777777',
  name: 'Acme Beans',
};
const IDS = ['44444444-4444-4444-8444-444444444444', '55555555-5555-4555-8555-555555555555'];
const live = (event: string, payload: unknown) => act(() => fakeSocket.emitFromServer(event, payload));

function server() {
  return mockApi({
    'GET /api/health': () => ok({ status: 'ok', providers: { openai: true, huggingface: false, offline: true } }),
    'GET /api/users/usage': () => ok(usage(0)),
    'GET /api/auth/me': () => ok({ user: { ...TEST_USER, planId: 'pro' } }),
    'GET /api/brands': () => ok({ brands: [BRAND, TEAM_BRAND] }),
    'POST /api/lines/compare': () =>
      ok(
        {
          generations: [
            { id: IDS[0], status: 'pending', tone: 'corporate' },
            { id: IDS[1], status: 'pending', tone: 'funny' },
          ],
          usage: usage(2),
        },
        202,
      ),
  });
}

describe('/generate: brand kit and tone comparison', () => {
  it('compares two tones with the chosen kit, streaming each into its own panel', async () => {
    signIn({ ...TEST_USER, planId: 'pro' });
    const { calls } = server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText(/Brand kit/), 'Kahawa Roasters');
    await user.click(screen.getByRole('switch', { name: 'Compare tones' }));
    expect(screen.getByRole('checkbox', { name: 'Corporate' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Compare 1 tone' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Funny' }));
    await user.click(screen.getByRole('button', { name: 'Compare 2 tones' }));

    await waitFor(() => expect(calls.some((c) => c.path === '/api/lines/compare')).toBe(true));
    const body = calls.find((c) => c.path === '/api/lines/compare')!.body;
    expect(body).toMatchObject({ category: 'taglines', tones: ['corporate', 'funny'], brandId: BRAND.id, count: 4 });

    const corporate = await screen.findByTestId('compare-corporate');
    const funny = screen.getByTestId('compare-funny');
    await live('generation:line', { id: IDS[1], index: 0, text: 'Kahawa, but make it funny' });
    await live('generation:line', { id: IDS[0], index: 0, text: 'Kahawa, roasted with care' });
    expect(within(funny).getByText('Kahawa, but make it funny')).toBeInTheDocument();
    expect(within(corporate).getByText('Kahawa, roasted with care')).toBeInTheDocument();
    expect(within(corporate).queryByText('Kahawa, but make it funny')).toBeNull();
    expect(within(corporate).getByRole('button', { name: 'Copy line 1' })).toBeInTheDocument();
    expect(within(corporate).getByRole('button', { name: 'Save line 1' })).toBeInTheDocument();
  });

  it("lists the team's kits with a Team mark and sends the chosen team kit's id", async () => {
    signIn({ ...TEST_USER, planId: 'pro' });
    const { calls } = server();
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    const user = userEvent.setup();
    const picker = await screen.findByLabelText(/Brand kit/);
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Acme Beans · Team' })).toBeInTheDocument());
    expect(within(picker).getByRole('option', { name: 'Kahawa Roasters' })).toBeInTheDocument();
    await user.selectOptions(picker, 'Acme Beans · Team');
    await user.click(screen.getByRole('switch', { name: 'Compare tones' }));
    await user.click(screen.getByRole('checkbox', { name: 'Funny' }));
    await user.click(screen.getByRole('button', { name: 'Compare 2 tones' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/lines/compare')).toBe(true));
    expect(calls.find((c) => c.path === '/api/lines/compare')!.body).toMatchObject({ brandId: TEAM_BRAND.id });
  });

  it('free plan: no brand picker, and the switch is locked with an upgrade hint naming Pro', async () => {
    signIn();
    mockApi({
      'GET /api/health': () => ok({ status: 'ok', providers: { openai: true, huggingface: false, offline: true } }),
      'GET /api/users/usage': () => ok({ ...usage(0), planId: 'free', limit: 10, remaining: 10 }),
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
    });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    expect(await screen.findByRole('switch', { name: /Compare tones/ })).toBeDisabled();
    expect(screen.getByText(/2 or 3 tones side by side with the Pro plan/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Brand kit/)).toBeNull();
  });
});
