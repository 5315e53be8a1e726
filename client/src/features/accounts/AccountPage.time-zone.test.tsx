import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '../../platform/i18n/i18n';
import { TEST_USER, fail, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';
import AccountPage from './AccountPage';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

beforeEach(() => {
  resetBrowserState();
  device.zone = 'UTC';
});
afterAll(() => switchLanguage('en'));

const SESSION = {
  id: 's1',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile',
  ip: '41.90.1.2',
  createdAt: '2026-11-01T10:00:00Z',
  lastUsedAt: '2026-11-23T21:30:00Z',
  current: true,
};

/** This device's zone, as the browser reports it (Intl's resolvedOptions without a zone). */
const device = vi.hoisted(() => ({ zone: 'UTC' }));
vi.mock('@gl/core/types', async (importOriginal) => ({ ...(await importOriginal<object>()), deviceTimeZone: () => device.zone }));

describe('account page: time zone', () => {
  it('Kiswahili, Nairobi: the select shows the account zone grouped by region, times on the 24-hour clock with EAT', async () => {
    await switchLanguage('sw');
    const user = { ...TEST_USER, language: 'sw' as const, timeZone: 'Africa/Nairobi' };
    signIn(user);
    mockApi({ 'GET /api/auth/me': () => ok({ user }), 'GET /api/auth/sessions': () => ok({ sessions: [SESSION] }) });
    renderAt(<AccountPage />, { route: '/account' });
    const select = await screen.findByRole('combobox', { name: 'Saa za eneo' });
    expect(select).toHaveValue('Africa/Nairobi');
    const africa = within(select).getByRole('group', { name: 'Afrika' });
    expect(within(africa).getByRole('option', { name: 'Nairobi' })).toBeInTheDocument();
    expect(within(select).getByRole('group', { name: 'Bahari ya Pasifiki' })).toBeInTheDocument();
    // 10:00 and 21:30 UTC are 13:00 the same day and 00:30 the next day in Nairobi.
    expect(await screen.findByText(/kiliingia 1 Nov 2026, 13:00 EAT/)).toBeInTheDocument();
    expect(screen.getByText(/24 Nov 2026, 00:30 EAT/)).toBeInTheDocument();
    expect(screen.getByText(/^Sasa hivi ni \d{2}:\d{2} EAT katika eneo hili\.$/)).toBeInTheDocument();
    // This test's device is on UTC, which the list names; the times themselves never say UTC or "saa 13".
    const devices = screen.getByRole('region', { name: 'Vifaa vilivyoingia' });
    expect(devices.textContent).not.toMatch(/saa \d|UTC/);
  });

  it("marks this device's zone, offers it in one tap, saves a choice and shows times in it", async () => {
    await switchLanguage('en');
    device.zone = 'Pacific/Honolulu';
    signIn(TEST_USER); // UTC
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'GET /api/auth/sessions': () => ok({ sessions: [SESSION] }),
      'PATCH /api/account/time-zone': (req) => ok({ user: { ...TEST_USER, timeZone: (req.body as { timeZone: string }).timeZone } }),
    });
    renderAt(<AccountPage />, { route: '/account' });
    const select = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('UTC');
    expect(within(select).getByRole('option', { name: 'Honolulu · this device' })).toBeInTheDocument();
    expect(await screen.findByText(/Nov 1, 2026, 10:00\sAM UTC/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: "Use this device's time zone (Pacific/Honolulu)" }));
    await waitFor(() => expect(select).toHaveValue('Pacific/Honolulu'));
    expect(calls.filter((c) => c.path === '/api/account/time-zone').map((c) => c.body)).toEqual([{ timeZone: 'Pacific/Honolulu' }]);
    expect(await screen.findByText('Time zone saved.')).toBeInTheDocument();
    // The same moment, now on Honolulu's clock (10:00 UTC is midnight there).
    expect(screen.getByText(/Nov 1, 2026, 12:00\sAM HST/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Use this device's time zone/ })).not.toBeInTheDocument();

    fireEvent.change(select, { target: { value: 'Africa/Nairobi' } });
    await waitFor(() => expect(select).toHaveValue('Africa/Nairobi'));
    expect(calls.filter((c) => c.path === '/api/account/time-zone').map((c) => c.body)).toEqual([
      { timeZone: 'Pacific/Honolulu' },
      { timeZone: 'Africa/Nairobi' },
    ]);
  }, 20_000);

  it('a refusal is shown and the zone stays', async () => {
    await switchLanguage('en');
    signIn(TEST_USER);
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'GET /api/auth/sessions': () => ok({ sessions: [] }),
      'PATCH /api/account/time-zone': () =>
        fail(400, 'timeZone: Unknown time zone: use an IANA name such as Africa/Nairobi', 'VALIDATION_FAILED'),
    });
    renderAt(<AccountPage />, { route: '/account' });
    const select = await screen.findByRole('combobox', { name: 'Time zone' });
    fireEvent.change(select, { target: { value: 'Asia/Tokyo' } });
    expect(await screen.findByText(/Unknown time zone/)).toBeInTheDocument();
    expect(select).toHaveValue('UTC');
  });
});
