import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ApiKeyDto } from '@gl/core/types';
import { ApiKeysPanel } from './ApiKeysPanel';
import { switchLanguage } from '../../platform/i18n/i18n';
import { TEST_USER, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

const BUSINESS = { ...TEST_USER, planId: 'business' as const };
const key = (over: Partial<ApiKeyDto>): ApiKeyDto => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Shop site',
  prefix: 'gl_live_ab12',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-23T10:00:00.000Z',
  revokedAt: null,
  ...over,
});

beforeEach(() => {
  resetBrowserState();
  signIn(BUSINESS);
  mockApi({
    'GET /api/auth/me': () => ok({ user: BUSINESS }),
    'GET /api/api-keys': () =>
      ok({ apiKeys: [key({}), key({ id: '22222222-2222-4222-8222-222222222222', name: 'Script', lastUsedAt: null })] }),
  });
});
afterEach(() => switchLanguage('en'));

describe('API keys panel', () => {
  it('says when each key was created and last used, and "never used" for a key not used yet', async () => {
    renderAt(<ApiKeysPanel />);
    expect(await screen.findByText('gl_live_ab12… · created Nov 20, 2026 · last used Nov 23, 2026')).toBeInTheDocument();
    expect(screen.getByText('gl_live_ab12… · created Nov 20, 2026 · never used')).toBeInTheDocument();
  });

  it('in Kiswahili too', async () => {
    await switchLanguage('sw');
    renderAt(<ApiKeysPanel />);
    expect(await screen.findByText(/^gl_live_ab12… · uliundwa .+ · haujatumika bado$/)).toBeInTheDocument();
    expect(screen.getByText(/^gl_live_ab12… · uliundwa .+ · ulitumika mwisho .+$/)).toBeInTheDocument();
  });
});
