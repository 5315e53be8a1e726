import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_USER, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';
import ShareForApproval from './ShareForApproval';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

beforeEach(() => resetBrowserState());

const GENERATION = '22222222-2222-4222-8222-222222222222';
const URL = 'https://geniuslines.example/approve/Zk3_q9XbT2mN8vLw4Hc-Aa';

describe('Share for approval', () => {
  it('a Pro account sees the action, and on it the Business plan with the way to it', async () => {
    const pro = { ...TEST_USER, planId: 'pro' as const };
    signIn(pro);
    const { calls } = mockApi({ 'GET /api/auth/me': () => ok({ user: pro }) });
    renderAt(<ShareForApproval source={{ generationId: GENERATION }} defaultTitle="Launch" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Share for approval' }));
    expect(screen.getByRole('status')).toHaveTextContent('Client approval links come with the Business plan');
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/approvals')).toBe(false);
  });

  it('a Business member makes the link (title, note, PIN, expiry, language) and sees it once, to copy', async () => {
    const business = { ...TEST_USER, planId: 'business' as const };
    signIn(business);
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: business }),
      'GET /api/teams/current': () => ok(null),
      'POST /api/approvals': () => ok({ id: '33333333-3333-4333-8333-333333333333', token: 'Zk3_q9XbT2mN8vLw4Hc-Aa', url: URL }, 201),
    });
    renderAt(<ShareForApproval source={{ generationId: GENERATION }} defaultTitle="Launch week" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Share for approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share for approval' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Launch week');
    expect(within(dialog).getByLabelText('Link works for')).toHaveValue('14');
    await userEvent.type(within(dialog).getByLabelText('Note to your client (optional)'), 'By Friday, please.');
    await userEvent.type(within(dialog).getByLabelText('PIN (optional)'), '48a21');
    await userEvent.selectOptions(within(dialog).getByLabelText("Your client's language"), 'sw');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByTestId('approval-url')).toHaveValue(URL);
    expect(within(dialog).getByRole('status')).toHaveTextContent('it is shown only once');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/approvals')!.body).toEqual({
      title: 'Launch week',
      note: 'By Friday, please.',
      pin: '4821',
      expiresInDays: 14,
      language: 'sw',
      source: { generationId: GENERATION },
    });
    expect(within(dialog).getByRole('link', { name: 'Follow the decisions' })).toHaveAttribute(
      'href',
      '/approvals?id=33333333-3333-4333-8333-333333333333',
    );
  });
});
