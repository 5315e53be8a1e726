import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedLineDto } from '@gl/core/types';
import SavedPage from './SavedPage';
import { CLEAR_ALL_CONFIRMATION } from './saved';
import { TEST_USER, mockApi, ok, renderAt, resetBrowserState, signIn, type MockRequest } from '../../test/app-harness';

beforeEach(() => resetBrowserState());

const LINES: SavedLineDto[] = [
  {
    id: 'a',
    text: 'Coffee that codes with you',
    category: 'taglines',
    tone: 'funny',
    createdAt: '2026-03-05T14:07:00.000Z',
    generationId: null,
    platform: null,
  },
  {
    id: 'b',
    text: 'Builder of small, sharp things',
    category: 'bios',
    tone: 'bold',
    createdAt: '2026-03-04T09:30:00.000Z',
    generationId: null,
    platform: 'x_bio',
  },
  {
    id: 'c',
    text: 'Brew bold, ship daily',
    category: 'taglines',
    tone: 'corporate',
    createdAt: '2026-03-03T08:00:00.000Z',
    generationId: null,
    platform: null,
  },
];

/** A tiny in-memory /lines/saved that filters like the server (case-insensitive substring + category). */
function savedServer(initial = LINES) {
  let lines = [...initial];
  const list = (req: MockRequest) => {
    const search = req.query.get('search')?.toLowerCase();
    const category = req.query.get('category');
    const matching = lines.filter((l) => (!search || l.text.toLowerCase().includes(search)) && (!category || l.category === category));
    return ok({ savedLines: matching, total: matching.length, nextCursor: null });
  };
  /** GET /lines/saved/summary: the whole library's size and the count per category present. */
  const summary = () => {
    const counts = new Map<string, number>();
    for (const l of lines) counts.set(l.category, (counts.get(l.category) ?? 0) + 1);
    return ok({ total: lines.length, categories: [...counts].map(([category, count]) => ({ category, count })) });
  };
  const api = mockApi({
    'GET /api/auth/me': () => ok({ user: TEST_USER }),
    'GET /api/lines/saved': list,
    'GET /api/lines/saved/summary': summary,
    'DELETE /api/lines/saved': () => {
      const deleted = lines.length;
      lines = [];
      return ok({ deleted });
    },
    ...Object.fromEntries(
      initial.map((l) => [
        `DELETE /api/lines/saved/${l.id}`,
        () => {
          lines = lines.filter((x) => x.id !== l.id);
          return ok({ id: l.id });
        },
      ]),
    ),
  });
  return api;
}

describe('/saved', () => {
  it('signed out: the Sign In Required wall with its three links', () => {
    mockApi({});
    renderAt(<SavedPage />, { route: '/saved', path: '/saved' });
    expect(screen.getByRole('heading', { name: 'Sign In Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(screen.getByRole('link', { name: 'Generate Lines First' })).toHaveAttribute('href', '/generate');
  });

  it('lists lines with badges and dates; the category dropdown holds only the categories present; N of M lines', async () => {
    signIn();
    savedServer();
    renderAt(<SavedPage />, { route: '/saved', path: '/saved' });
    expect(await screen.findByText('Coffee that codes with you')).toBeInTheDocument();
    expect(screen.getByTestId('saved-count')).toHaveTextContent('3 of 3 lines');
    const select = screen.getByRole('combobox', { name: 'Filter by category' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All Categories', 'Business Taglines', 'Social Media Bios']),
    );
    const card = screen.getByText('Coffee that codes with you').closest('li')!;
    expect(within(card).getByTestId('tone-badge')).toHaveTextContent('Funny');
    expect(within(card).getByTestId('tone-badge').className).toMatch(/amber/);
    expect(within(card).getByText('Business Taglines')).toBeInTheDocument();
    expect(within(card).getByText(/Mar 5, 2026/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Delete saved line/ })).toBeInTheDocument();
  });

  it("a line saved for a platform carries the platform's badge; the others none", async () => {
    signIn();
    savedServer();
    renderAt(<SavedPage />, { route: '/saved', path: '/saved' });
    const bio = (await screen.findByText('Builder of small, sharp things')).closest('li')!;
    expect(within(bio).getByTestId('platform-badge')).toHaveTextContent('For X bio');
    expect(screen.getAllByTestId('platform-badge')).toHaveLength(1);
  });

  it('search is debounced and served by the API; category filters; Clear Filters resets both', async () => {
    signIn();
    const { calls } = savedServer();
    renderAt(<SavedPage />, { route: '/saved', path: '/saved' });
    await screen.findByText('Coffee that codes with you');
    const before = calls.filter((c) => c.path === '/api/lines/saved').length;

    await userEvent.type(screen.getByPlaceholderText('Search your lines...'), 'brew');
    await waitFor(() => expect(screen.getByTestId('saved-count')).toHaveTextContent('1 of 3 lines'));
    const searches = calls.filter((c) => c.path === '/api/lines/saved' && c.query.get('search'));
    // One request for the settled text, not one per keystroke.
    expect(searches.map((c) => c.query.get('search'))).toEqual(['brew']);
    expect(calls.filter((c) => c.path === '/api/lines/saved').length).toBe(before + 1);
    expect(screen.queryByText('Coffee that codes with you')).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by category' }), 'bios');
    expect(await screen.findByText('No lines match your search')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('category')).toBe('bios');
    expect(screen.getByTestId('saved-count')).toHaveTextContent('0 of 3 lines');

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Coffee that codes with you')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search your lines...')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Filter by category' })).toHaveValue('all');
    expect(screen.getByTestId('saved-count')).toHaveTextContent('3 of 3 lines');
  });

  it('copy shows Copied! for 2 seconds', async () => {
    signIn();
    savedServer();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderAt(<SavedPage />, { route: '/saved', path: '/saved' });
    const card = (await screen.findByText('Builder of small, sharp things')).closest('li')!;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => within(card).getByRole('button', { name: 'Copy' }).click());
    expect(writeText).toHaveBeenCalledWith('Builder of small, sharp things');
    expect(within(card).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1_900));
    expect(within(card).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(within(card).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('deletes one line; Clear All asks first and shows the empty state', async () => {
    signIn();
    savedServer();
    renderAt(<SavedPage />, { route: '/saved', path: '/saved' });
    const card = (await screen.findByText('Brew bold, ship daily')).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: /Delete saved line/ }));
    await waitFor(() => expect(screen.queryByText('Brew bold, ship daily')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('saved-count')).toHaveTextContent('2 of 2 lines'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    const asking = screen.getByRole('dialog', { name: 'Delete all saved lines?' });
    expect(asking).toHaveAccessibleDescription(CLEAR_ALL_CONFIRMATION);
    expect(CLEAR_ALL_CONFIRMATION).toBe('Are you sure you want to delete all saved lines? This action cannot be undone.');
    await userEvent.click(within(asking).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Coffee that codes with you')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText('No saved lines yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate Lines' })).toHaveAttribute('href', '/generate');
    expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();
    expect(screen.getByTestId('saved-count')).toHaveTextContent('0 of 0 lines');
  });

  it('Export buttons only for plans with bulk export', async () => {
    signIn({ ...TEST_USER, planId: 'pro' });
    mockApi({
      'GET /api/auth/me': () => ok({ user: { ...TEST_USER, planId: 'pro' } }),
      'GET /api/lines/saved': () => ok({ savedLines: LINES, total: 3, nextCursor: null }),
      'GET /api/lines/saved/summary': () => ok({ total: 3, categories: [] }),
      'GET /api/users/analytics': () => ok({ days: [], totalGenerations: 0, savedCount: 3, periodDays: 30 }),
    });
    renderAt(<SavedPage />, { route: '/saved', path: '/saved' });
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your last 30 days' })).toBeInTheDocument();
  });

  it('free plan: no export buttons and no analytics', async () => {
    signIn();
    savedServer();
    renderAt(<SavedPage />, { route: '/saved', path: '/saved' });
    await screen.findByText('Coffee that codes with you');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your last 30 days' })).not.toBeInTheDocument();
  });
});
