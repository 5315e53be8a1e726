import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY } from '@gl/core/types';
import Header from './Header';
import { switchLanguage } from '../../platform/i18n/i18n';
import { TEST_USER, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';

beforeEach(() => resetBrowserState());
afterEach(async () => {
  await switchLanguage('en');
  document.documentElement.lang = 'en';
  document.cookie = 'gl_lang=; Path=/; Max-Age=0';
});

describe('the language switch', () => {
  it('names each language in its own language and switches the header to Kiswahili, kept for the next visit', async () => {
    const { calls } = mockApi({});
    renderAt(<Header />);
    const select = screen.getAllByRole('combobox', { name: 'Language' })[0]!;
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => [o.textContent, o.getAttribute('lang')]),
    ).toEqual([
      ['English', 'en'],
      ['Kiswahili', 'sw'],
    ]);
    await userEvent.selectOptions(select, 'sw');
    const nav = await screen.findByRole('navigation', { name: 'Menyu kuu' });
    for (const name of ['Mwanzo', 'Tunga', 'Kuhusu sisi', 'Wasiliana nasi'])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Ingia' })[0]).toHaveAttribute('href', '/auth');
    expect(screen.getAllByRole('combobox', { name: 'Lugha' })[0]).toHaveValue('sw');
    expect(document.documentElement.lang).toBe('sw');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sw');
    expect(document.cookie).toMatch(/(^|; )gl_lang=sw(;|$)/);
    // Signed out: nothing to save on an account.
    expect(calls.filter((c) => c.path === '/api/account/language')).toEqual([]);

    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: 'Lugha' })[0]!, 'en');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('signed in, the choice is also saved on the account; a failure there leaves the page switched', async () => {
    signIn();
    const me = () => ok({ user: TEST_USER });
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'PATCH /api/account/language': () => ({ status: 503, body: { success: false, error: 'down', code: 'UNAVAILABLE' } }),
    });
    renderAt(<Header />);
    await screen.findByRole('button', { name: /account menu/ });
    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: 'Language' })[0]!, 'sw');
    await screen.findByRole('navigation', { name: 'Menyu kuu' });
    const saved = () => calls.filter((c) => c.method === 'PATCH' && c.path === '/api/account/language').map((c) => c.body);
    await waitFor(() => expect(saved()).toEqual([{ language: 'sw' }]));
    expect(document.documentElement.lang).toBe('sw');
    expect(screen.getByRole('button', { name: /menyu ya akaunti/ })).toBeInTheDocument();
  });
});
