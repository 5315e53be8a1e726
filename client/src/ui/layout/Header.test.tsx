import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Header from './Header';
import { STORAGE_KEYS } from '../../platform/storage';
import { TEST_USER, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';

beforeEach(() => resetBrowserState());

describe('header', () => {
  it('signed out: main links, Sign In to /auth, no Saved Lines link', () => {
    mockApi({});
    renderAt(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Generate', 'About', 'Contact']) expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Saved Lines' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/auth');
  });

  it('the Services dropdown opens on hover and by keyboard, and Escape closes it', async () => {
    mockApi({});
    renderAt(<Header />);
    const button = screen.getByRole('button', { name: 'Services' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.hover(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/courses', '/community', '/pricing', '/api-docs']);
    await userEvent.unhover(button.parentElement!);
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(menu).getByRole('link', { name: /Courses/ })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('link', { name: /Community/ })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('signed in: the user menu shows name and email, Saved Lines, Subscription; Sign Out closes it and clears the session', async () => {
    signIn();
    localStorage.setItem(STORAGE_KEYS.legacySavedLines, '["old"]');
    mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }), 'POST /api/auth/logout': () => ok({}) });
    renderAt(<Header />, { route: '/generate' });
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Saved Lines' })).toHaveAttribute(
      'href',
      '/saved',
    );
    const account = screen.getByRole('button', { name: /^Ada Lovelace\s*, account menu$/ });
    await userEvent.click(account);
    const menu = document.getElementById(account.getAttribute('aria-controls')!)!;
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Saved Lines' })).toHaveAttribute('href', '/saved');
    expect(within(menu).getByRole('link', { name: 'Subscription' })).toHaveAttribute('href', '/pricing');
    await userEvent.click(within(menu).getByRole('button', { name: 'Sign Out' }));
    expect(screen.queryByRole('button', { name: /account menu/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.legacySavedLines)).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Saved Lines' })).not.toBeInTheDocument();
  });

  it('small screens: a toggled menu lists the same links', async () => {
    mockApi({});
    renderAt(<Header />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    await userEvent.click(toggle);
    expect(panel).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const links = within(panel)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual(
      expect.arrayContaining(['Home', 'Generate', 'About', 'Contact', 'Courses', 'Community', 'Pricing', 'API', 'Sign In']),
    );
  });
});
