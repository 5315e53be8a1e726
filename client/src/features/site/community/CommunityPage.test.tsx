import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIERS, upcomingEvents, upcomingDate } from './community';
import { i18n, switchLanguage } from '../../../platform/i18n/i18n';
import { mockApi, ok, renderAt, resetBrowserState, signIn, TEST_USER } from '../../../test/app-harness';
import CommunityPage from './CommunityPage';

beforeEach(() => resetBrowserState());
afterEach(() => vi.useRealTimers());

describe('community content', () => {
  it('has the two tiers and three events of the spec', () => {
    expect(TIERS.map((t) => [t.id, i18n.t(`community:tier.${t.id}.name`), t.price])).toEqual([
      ['community', 'Community', 19.99],
      ['mastermind', 'Mastermind', 497],
    ]);
    const now = new Date('2026-11-22T10:00:00Z');
    const events = upcomingEvents(now);
    expect(events.map((e) => [e.id, e.price, e.spots])).toEqual([
      ['react-masterclass', 49, 25],
      ['content-creation', 25, 50],
      ['ai-marketing', 75, 15],
    ]);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['Workshop', 'Live Session', 'Masterclass']));
    for (const e of events) expect(new Date(`${e.date}T00:00:00Z`).getTime()).toBeGreaterThan(now.getTime());
  });

  it('event dates land on the asked weekday, at least N days ahead', () => {
    expect(upcomingDate(new Date('2026-11-22T10:00:00Z'), 10, 6)).toBe('2026-12-05');
    expect(upcomingDate(new Date('2026-12-31T23:00:00Z'), 1, 5)).toBe('2027-01-01');
  });
});

describe('community page', () => {
  it('shows four perks, two tiers, three events and a closing call to action', () => {
    renderAt(<CommunityPage />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Private Discord', 'Live Sessions', 'Code Reviews', 'Member Discounts', 'Community', 'Mastermind']),
    );
    expect(screen.getByText('$19.99')).toBeInTheDocument();
    expect(screen.getByText('$497')).toBeInTheDocument();
    expect(screen.getByText('Small-group mentoring, maximum 10 people.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Register/ })).toHaveLength(3);
    expect(screen.getByRole('heading', { name: /Ready to code, create and laugh/ })).toBeInTheDocument();
  });

  it('sends a visitor who clicks Join or Register to /auth', () => {
    renderAt(<CommunityPage />, { route: '/community' });
    fireEvent.click(screen.getByRole('button', { name: 'Join Community' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('Join: 2 s, then Joined! for 3 s, then back to Join', () => {
    signIn();
    mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }) });
    vi.useFakeTimers();
    renderAt(<CommunityPage />, { route: '/community' });
    const join = screen.getByRole('button', { name: 'Join Mastermind' });
    fireEvent.click(join);
    expect(join).toHaveTextContent('Joining...');
    act(() => vi.advanceTimersByTime(2000));
    expect(join).toHaveTextContent('Joined!');
    act(() => vi.advanceTimersByTime(2999));
    expect(join).toHaveTextContent('Joined!');
    act(() => vi.advanceTimersByTime(1));
    expect(join).toHaveTextContent('Join Mastermind');
    expect(join).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/community');
  });

  it('Register: 1.5 s, then Registered (stays)', () => {
    signIn();
    mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }) });
    vi.useFakeTimers();
    renderAt(<CommunityPage />, { route: '/community' });
    const [first, second] = screen.getAllByRole('button', { name: /^Register/ });
    fireEvent.click(first!);
    expect(first).toHaveTextContent('Registering...');
    expect(second).toHaveTextContent('Register');
    act(() => vi.advanceTimersByTime(1499));
    expect(first).toHaveTextContent('Registering...');
    act(() => vi.advanceTimersByTime(1));
    expect(first).toHaveTextContent('Registered');
    act(() => vi.advanceTimersByTime(60_000));
    expect(first).toHaveTextContent('Registered');
    expect(first).toBeDisabled();
  });
});

describe('community page in Kiswahili', () => {
  afterEach(() => switchLanguage('en'));

  it('speaks Kiswahili: perks, tiers, events with dates and prices, and the call to action', async () => {
    await switchLanguage('sw');
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), toFake: ['Date'] });
    renderAt(<CommunityPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Jumuiya ya Genius Lines' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Discord ya faragha', 'Punguzo kwa wanachama', 'Jumuiya', 'Mastermind', 'Darasa Maalum: Kasi ya React']),
    );
    expect(screen.getByText('Ushauri wa karibu kwa kikundi kidogo, watu 10 tu.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Jiunge na Jumuiya' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Jiandikishe/ })).toHaveLength(3);
    expect(screen.getByText('Nafasi 25')).toBeInTheDocument();
    expect(screen.getByText('Warsha')).toBeInTheDocument();
    // 10 days after Sunday 22 November 2026, on a Saturday
    expect(screen.getByText(/Jumamosi, 5 Des 2026/)).toBeInTheDocument();
    expect(screen.getAllByText('/mwezi')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: /Uko tayari kuandika msimbo/ })).toBeInTheDocument();
  });
});
