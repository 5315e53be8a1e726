import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SavedLineDto, UsageSummary } from '@gl/core/types';
import GeneratePage from './GeneratePage';
import SavedPage from '../library/SavedPage';
import { switchLanguage } from '../../platform/i18n/i18n';
import { TEST_USER, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

beforeEach(async () => {
  resetBrowserState();
  await switchLanguage('sw');
});
afterEach(() => switchLanguage('en'));

const usage: UsageSummary = {
  planId: 'free',
  dailyGenerations: 3,
  monthlyGenerations: 3,
  limit: 10,
  remaining: 7,
  resetsAt: '2026-01-02T00:00:00.000Z',
};

const LINE: SavedLineDto = {
  id: 'a',
  text: 'Kahawa ya asubuhi, tabasamu la siku nzima',
  category: 'taglines',
  tone: 'funny',
  createdAt: '2026-03-05T14:07:00.000Z',
  generationId: null,
  platform: 'x_bio',
};

describe('in Kiswahili', () => {
  it('/generate: the form, its choices, the usage meter and the button speak Kiswahili', async () => {
    mockApi({
      'GET /api/health': () => ok({ status: 'ok', providers: { openai: true, huggingface: false, offline: true } }),
      'GET /api/users/usage': () => ok(usage),
    });
    renderAt(<GeneratePage />, { route: '/generate', path: '/generate' });
    expect(screen.getByRole('heading', { level: 1, name: 'Tunga mistari' })).toBeInTheDocument();
    expect(await screen.findByTestId('usage-remaining')).toHaveTextContent('Zimebaki 7 kati ya tungo 10 za leo');
    expect(screen.getByRole('form', { name: 'Mipangilio ya kutunga' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Kaulimbiu za Biashara/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Rasmi' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Mtindo' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Mada/)).toHaveAttribute('placeholder', 'Chapa, bidhaa au jambo, k.m. duka la kahawa mjini Nakuru');
    expect(screen.getByRole('button', { name: 'Tunga mistari' })).toBeInTheDocument();
    expect(await screen.findByText('Mistari hutungwa na AI')).toBeInTheDocument();
    expect(screen.queryByText(/Generate|Category|Tone\b|Topic/)).not.toBeInTheDocument();
  });

  it('/saved: one matching line is counted in the singular (mstari 1), more in the plural', async () => {
    signIn();
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'GET /api/lines/saved': () => ok({ savedLines: [LINE], total: 1, nextCursor: null }),
      'GET /api/lines/saved/summary': () => ok({ total: 3, categories: [{ category: 'taglines', count: 3 }] }),
    });
    renderAt(<SavedPage />, { route: '/saved', path: '/saved' });
    await waitFor(() => expect(screen.getByTestId('saved-count')).toHaveTextContent(/^Mstari 1 kati ya 3$/));
  });

  it('/saved: the title, count, filter, badges, date and actions speak Kiswahili', async () => {
    signIn();
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'GET /api/lines/saved': () =>
        ok({ savedLines: [LINE, { ...LINE, id: 'b', text: 'Mkate mpya kila asubuhi' }], total: 2, nextCursor: null }),
      'GET /api/lines/saved/summary': () => ok({ total: 2, categories: [{ category: 'taglines', count: 2 }] }),
    });
    renderAt(<SavedPage />, { route: '/saved', path: '/saved' });
    expect(await screen.findByText(LINE.text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mistari iliyohifadhiwa' })).toBeInTheDocument();
    expect(await screen.findByTestId('saved-count')).toHaveTextContent('Mistari 2 kati ya 2');
    expect(screen.getByRole('combobox', { name: 'Chuja kwa aina' })).toHaveDisplayValue('Aina zote');
    const card = screen.getByText(LINE.text).closest('li')!;
    expect(within(card).getByTestId('tone-badge')).toHaveTextContent('Ucheshi');
    expect(within(card).getByText('Kaulimbiu za Biashara')).toBeInTheDocument();
    expect(within(card).getByTestId('platform-badge')).toHaveTextContent('Wasifu wa X');
    expect(within(card).getByRole('button', { name: 'Nakili' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Futa mstari uliohifadhiwa/ })).toBeInTheDocument();
    // The date through Intl with sw-KE, not the English "Mar 5, 2026".
    expect(within(card).getByText(/2026/).textContent).not.toMatch(/Mar 5/);
    expect(screen.getByRole('button', { name: 'Futa yote' })).toBeInTheDocument();
  });
});
