import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentTeamDto } from '@gl/core/types';
import { TEST_USER, fail, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';
import JoinPage from './JoinPage';
import TeamPage from './TeamPage';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

beforeEach(() => resetBrowserState());

const TEAM: CurrentTeamDto = {
  team: { id: '33333333-3333-4333-8333-333333333333', name: 'Nakuru Roasters', seats: 5, seatsUsed: 1, active: true },
  role: 'owner',
  members: [{ userId: TEST_USER.id, name: TEST_USER.name, email: TEST_USER.email, role: 'owner', joinedAt: '2026-11-01T10:00:00Z' }],
  invitations: [],
};
const me = () => ok({ user: { ...TEST_USER, planId: 'business' } });

describe('/team', () => {
  it('creates a team, then shows it; inviting sends the address and says so', async () => {
    signIn({ ...TEST_USER, planId: 'business' });
    let current: CurrentTeamDto | null = null;
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'GET /api/teams/current': () => ok(current),
      'POST /api/teams': () => ok((current = TEAM), 201),
      'GET /api/teams/33333333-3333-4333-8333-333333333333/usage': () => ok({ members: [{ userId: TEST_USER.id, generations: 1 }] }),
      'POST /api/teams/33333333-3333-4333-8333-333333333333/invitations': () => {
        current = { ...TEAM, team: { ...TEAM.team, seatsUsed: 2 } };
        return ok({}, 201);
      },
    });
    renderAt(<TeamPage />, { route: '/team' });
    await userEvent.type(await screen.findByLabelText('Team name'), 'Nakuru Roasters');
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByRole('heading', { name: 'Nakuru Roasters' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/teams')!.body).toEqual({ name: 'Nakuru Roasters' });
    expect(await screen.findByText('1 generation this month')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('E-mail address'), 'wambui@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Invitation sent to wambui@example.com.');
    expect(await screen.findByText('2 of 5 seats used')).toBeInTheDocument();
  });

  it('a plan refusal links to the plans', async () => {
    signIn(TEST_USER);
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'GET /api/teams/current': () => ok(null),
      'POST /api/teams': () => fail(402, 'Teams need the Business plan.', 'PLAN_REQUIRED'),
    });
    renderAt(<TeamPage />, { route: '/team' });
    await userEvent.type(await screen.findByLabelText('Team name'), 'Solo');
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Teams need the Business plan.');
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  });
});

describe('/join', () => {
  it('joins with the token from the link and lands on /team', async () => {
    signIn(TEST_USER);
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/teams/join': () => ok(TEAM),
    });
    renderAt(<JoinPage />, { route: '/join?token=inv_123', path: '/join' });
    await userEvent.click(await screen.findByRole('button', { name: 'Join team' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/team'));
    expect(calls.find((c) => c.path === '/api/teams/join')!.body).toEqual({ token: 'inv_123' });
  });

  it('a refused invitation shows the server message', async () => {
    signIn(TEST_USER);
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'POST /api/teams/join': () => fail(400, 'This invitation has expired.', 'INVALID_TOKEN'),
    });
    renderAt(<JoinPage />, { route: '/join?token=old', path: '/join' });
    await userEvent.click(await screen.findByRole('button', { name: 'Join team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired.');
  });
});
