import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BrandDto, CurrentTeamDto, PublicUser, TeamRole } from '@gl/core/types';
import BrandsPage from './BrandsPage';
import { TEST_USER, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';

const TEAM_ID = '77777777-7777-4777-8777-777777777777';
const BUSINESS: PublicUser = { ...TEST_USER, planId: 'business' };

const brand = (over: Partial<BrandDto>): BrandDto => ({
  id: '33333333-3333-4333-8333-333333333333',
  teamId: null,
  name: 'Kahawa Roasters',
  description: 'Coffee',
  audience: 'early risers',
  wordsToUse: ['brew'],
  wordsToAvoid: ['cheap'],
  exampleLines: ['Poured before the sun is up.'],
  noExclamation: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const OWN = brand({});
const SHARED = brand({ id: '66666666-6666-4666-8666-666666666666', teamId: TEAM_ID, name: 'Acme Beans' });

const team = (role: TeamRole, active = true): CurrentTeamDto => ({
  team: { id: TEAM_ID, name: 'Acme', seats: 5, seatsUsed: 2, active },
  role,
  members: [],
  invitations: [],
});

function server(current: CurrentTeamDto | null, brands: BrandDto[] = [OWN, SHARED]) {
  return mockApi({
    'GET /api/auth/me': () => ok({ user: BUSINESS }),
    'GET /api/brands': () => ok({ brands }),
    'GET /api/teams/current': () => ok(current),
    'POST /api/brands': (req) => ok({ brand: brand({ ...(req.body as object), id: '88888888-8888-4888-8888-888888888888' }) }, 201),
    [`PUT /api/brands/${OWN.id}`]: (req) => ok({ brand: { ...OWN, ...(req.body as object) } }),
  });
}

const kitItem = (name: string) => screen.getAllByTestId('brand-kit').find((li) => li.textContent?.includes(name))!;

beforeEach(() => {
  resetBrowserState();
  signIn(BUSINESS);
});

describe('brand kits page with a team', () => {
  it('shows team kits with a Team badge; an admin shares a new kit with the team', async () => {
    const { calls } = server(team('admin'));
    renderAt(<BrandsPage />, { route: '/brands' });
    await screen.findByText('Acme Beans');
    expect(within(kitItem('Acme Beans')).getByText('Team')).toBeInTheDocument();
    expect(within(kitItem('Kahawa Roasters')).queryByText('Team')).toBeNull();
    // An admin edits the team's kit.
    expect(within(kitItem('Acme Beans')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New brand kit' }));
    await user.type(screen.getByLabelText(/^Name/), 'Team Roast');
    const share = screen.getByRole('checkbox', { name: 'Share with my team' });
    expect(share).not.toBeChecked();
    await user.click(share);
    await user.click(screen.getByRole('button', { name: 'Create brand kit' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/brands')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ name: 'Team Roast', teamId: TEAM_ID });
  });

  it('a kit not shared with the team is sent without teamId', async () => {
    const { calls } = server(team('owner'));
    renderAt(<BrandsPage />, { route: '/brands' });
    await screen.findByText('Acme Beans');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New brand kit' }));
    await user.type(screen.getByLabelText(/^Name/), 'Just Mine');
    await user.click(screen.getByRole('button', { name: 'Create brand kit' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/brands')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('teamId');
  });

  it('a member sees the team kit read-only and is not offered sharing', async () => {
    server(team('member'));
    renderAt(<BrandsPage />, { route: '/brands' });
    await screen.findByText('Acme Beans');
    const shared = kitItem('Acme Beans');
    expect(within(shared).getByText('Team')).toBeInTheDocument();
    expect(within(shared).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(shared).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(shared).getByText('Shared by your team')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New brand kit' }));
    expect(screen.queryByRole('checkbox', { name: 'Share with my team' })).toBeNull();
  });

  it('no team, or a lapsed team: no sharing; editing sends only the kit fields', async () => {
    const { calls } = server(team('owner', false), [OWN]);
    renderAt(<BrandsPage />, { route: '/brands' });
    await screen.findByText('Kahawa Roasters');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New brand kit' }));
    expect(screen.queryByRole('checkbox', { name: 'Share with my team' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(within(kitItem('Kahawa Roasters')).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      name: 'Kahawa Roasters',
      description: 'Coffee',
      audience: 'early risers',
      wordsToUse: ['brew'],
      wordsToAvoid: ['cheap'],
      exampleLines: ['Poured before the sun is up.'],
      noExclamation: false,
    });
  });

  it('"No exclamation marks" is a switch of the kit, sent with it and shown when editing', async () => {
    const { calls } = server(null, [{ ...OWN, noExclamation: true }]);
    renderAt(<BrandsPage />, { route: '/brands' });
    await screen.findByText('Kahawa Roasters');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New brand kit' }));
    const noBang = screen.getByRole('switch', { name: 'No exclamation marks' });
    expect(noBang).not.toBeChecked();
    expect(noBang).toHaveAccessibleDescription(/No line will have a “!”/);
    await user.type(screen.getByLabelText(/^Name/), 'Quiet Tea');
    await user.click(noBang);
    await user.click(screen.getByRole('button', { name: 'Create brand kit' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/brands')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ name: 'Quiet Tea', noExclamation: true });

    await user.click(within(kitItem('Kahawa Roasters')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('switch', { name: 'No exclamation marks' })).toBeChecked();
  });
});
