import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { switchLanguage } from '../../platform/i18n/i18n';
import { TEST_USER, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';
import AccountPage from './AccountPage';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

beforeEach(() => resetBrowserState());
afterAll(() => switchLanguage('en'));

describe('account page in Kiswahili', () => {
  it('shows its sections, devices and buttons in Kiswahili, with times through sw-KE in the account zone', async () => {
    await switchLanguage('sw');
    signIn(TEST_USER);
    mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'GET /api/auth/sessions': () =>
        ok({
          sessions: [
            {
              id: 's1',
              userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile',
              ip: '41.90.1.2',
              createdAt: '2026-11-01T10:00:00Z',
              lastUsedAt: '2026-11-23T10:00:00Z',
              current: true,
            },
          ],
        }),
    });
    renderAt(<AccountPage />, { route: '/account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mipangilio ya akaunti' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Wasifu wako' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hifadhi jina' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Badilisha nenosiri' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Futa akaunti yangu' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Lugha' })).toHaveValue('sw');
    expect(await screen.findByText('Chrome kwenye Android')).toBeInTheDocument();
    expect(screen.getByText('Kifaa hiki')).toBeInTheDocument();
    // The account's zone (UTC here) on the 24-hour clock, named.
    expect(screen.getByText(/kiliingia 1 Nov 2026, 10:00 UTC/)).toBeInTheDocument();
    expect(screen.queryByText('Account settings')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save name' })).not.toBeInTheDocument();
  });
});
