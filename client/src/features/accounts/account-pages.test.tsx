import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../platform/storage';
import { TEST_USER, fail, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';
import AccountPage from './AccountPage';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';
import UnsubscribePage from './UnsubscribePage';
import VerifyEmailPage from './VerifyEmailPage';
import VerifyEmailBanner from './VerifyEmailBanner';
import { describeDevice } from './SessionsSection';
import { fakeSocket } from '../../test/fake-socket';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

beforeEach(() => resetBrowserState());

describe('forgot password', () => {
  it('asks for the e-mail and shows the same neutral confirmation', async () => {
    const { calls } = mockApi({ 'POST /api/auth/forgot-password': () => ok({ sent: true }, 202) });
    renderAt(<ForgotPasswordPage />, { route: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), ' someone@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account uses someone@example.com, a reset link is on its way');
    expect(calls.at(-1)!.body).toEqual({ email: 'someone@example.com' });
  });
});

describe('reset password', () => {
  it('sends the token from the link with the new password, then is signed in on /account', async () => {
    const { calls } = mockApi({
      'POST /api/auth/reset-password': () => ok({ user: TEST_USER, token: 'new-access', refreshToken: 'new-refresh' }),
    });
    renderAt(<ResetPasswordPage />, { route: '/reset-password?token=abc_DEF-123' });
    await userEvent.type(screen.getByLabelText('New password'), 'fresh-password');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'fresh-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account'));
    expect(calls.at(-1)!.body).toEqual({ token: 'abc_DEF-123', password: 'fresh-password' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
  });

  it('an expired link shows the server message and a way to ask again; mismatched passwords never reach the server', async () => {
    const { calls } = mockApi({
      'POST /api/auth/reset-password': () =>
        fail(400, 'This password reset link is invalid, expired or already used. Please request a new one.', 'INVALID_TOKEN'),
    });
    renderAt(<ResetPasswordPage />, { route: '/reset-password?token=old' });
    await userEvent.type(screen.getByLabelText('New password'), 'fresh-password');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'other-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords do not match.');
    expect(calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Repeat new password'));
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'fresh-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/invalid, expired or already used/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('verify e-mail', () => {
  it('posts the token once and confirms the address', async () => {
    const { calls } = mockApi({ 'POST /api/auth/verify-email': () => ok({ user: { ...TEST_USER, emailVerified: true } }) });
    renderAt(<VerifyEmailPage />, { route: '/verify-email?token=tok' });
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/verify-email')).toHaveLength(1);
  });

  it('a bad link says so', async () => {
    mockApi({
      'POST /api/auth/verify-email': () => fail(400, 'This verification link is invalid, expired or already used.', 'INVALID_TOKEN'),
    });
    renderAt(<VerifyEmailPage />, { route: '/verify-email?token=bad' });
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid, expired or already used');
  });
});

describe('unsubscribe page', () => {
  it('one button, no sign-in, posts the token from the link', async () => {
    const { calls } = mockApi({ 'POST /api/newsletter/unsubscribe': () => ok({ unsubscribed: true }) });
    renderAt(<UnsubscribePage />, { route: '/unsubscribe?token=u1' });
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You are unsubscribed');
    expect(calls[0]!.body).toEqual({ token: 'u1' });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });
});

describe('verification banner', () => {
  it('shows for an unverified user, resends, and can be dismissed', async () => {
    signIn({ ...TEST_USER, emailVerified: false });
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: { ...TEST_USER, emailVerified: false } }),
      'POST /api/auth/resend-verification': () => ok({ sent: true }),
    });
    renderAt(<VerifyEmailBanner />);
    expect(screen.getByRole('region', { name: 'Email verification' })).toHaveTextContent('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText(/Sent\. Check ada@example.com/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/resend-verification')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
  });

  it('goes away live when account:updated says the e-mail is now verified (the link opened in another tab)', async () => {
    // Another id than the test above, which dismissed the banner for its user in this browser session.
    const unverified = { ...TEST_USER, id: '22222222-2222-4222-8222-222222222222', emailVerified: false };
    signIn(unverified);
    mockApi({ 'GET /api/auth/me': () => ok({ user: unverified }) });
    renderAt(<VerifyEmailBanner />);
    expect(await screen.findByRole('region', { name: 'Email verification' })).toBeInTheDocument();
    await waitFor(() => expect(fakeSocket.auth).toEqual({ token: 'access-token' }));

    // Another account's event (a stale tab) changes nothing.
    act(() => fakeSocket.emitFromServer('account:updated', { user: { ...TEST_USER, emailVerified: true } }));
    expect(screen.getByRole('region', { name: 'Email verification' })).toBeInTheDocument();

    const verified = { ...unverified, emailVerified: true };
    await waitFor(() => {
      act(() => fakeSocket.emitFromServer('account:updated', { user: verified }));
      expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({ id: unverified.id, emailVerified: true });
  });

  it('is not shown to verified users', () => {
    signIn(TEST_USER);
    mockApi({ 'GET /api/auth/me': () => ok({ user: TEST_USER }) });
    renderAt(<VerifyEmailBanner />);
    expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
  });
});

describe('account page', () => {
  const SESSIONS = [
    {
      id: 's1',
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile',
      ip: '41.90.1.2',
      createdAt: '2026-11-01T10:00:00Z',
      lastUsedAt: '2026-11-23T10:00:00Z',
      current: true,
    },
    {
      id: 's2',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/130.0',
      ip: '102.0.0.9',
      createdAt: '2026-10-01T10:00:00Z',
      lastUsedAt: '2026-11-20T10:00:00Z',
      current: false,
    },
  ];

  it('lists devices, signs one out, and signs out everywhere else keeping a fresh pair', async () => {
    signIn(TEST_USER);
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'GET /api/auth/sessions': () => ok({ sessions: SESSIONS }),
      'DELETE /api/auth/sessions/s2': () => ok({ revoked: true }),
      'POST /api/auth/logout-all': () => ok({ revoked: 1, token: 'fresh-access', refreshToken: 'fresh-refresh' }),
    });
    renderAt(<AccountPage />, { route: '/account' });
    // jsdom builds the page's ~420-option time zone list first.
    expect(await screen.findByText('Chrome on Android', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Firefox on Windows' }));
    expect(await screen.findByText('That device is signed out.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/auth/sessions/s2')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('1 other device was signed out.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh-access');
  });

  it('deleting the account needs the typed DELETE, then signs out through the normal path', async () => {
    signIn(TEST_USER);
    const { calls } = mockApi({
      'GET /api/auth/me': () => ok({ user: TEST_USER }),
      'GET /api/auth/sessions': () => ok({ sessions: SESSIONS }),
      'DELETE /api/users/account': () => ok({ deleted: true }),
      'POST /api/auth/logout': () => ok({}),
    });
    renderAt(<AccountPage />, { route: '/account', path: '/account' });
    const button = await screen.findByRole('button', { name: 'Delete my account' });
    await userEvent.type(screen.getAllByLabelText('Your password').at(-1)!, 'my-password');
    await userEvent.type(screen.getByLabelText('Type "DELETE" to confirm'), 'delete');
    expect(button).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Type "DELETE" to confirm'));
    await userEvent.type(screen.getByLabelText('Type "DELETE" to confirm'), 'DELETE');
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.find((c) => c.method === 'DELETE' && c.path === '/api/users/account')!.body).toEqual({
      password: 'my-password',
      confirm: 'DELETE',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('names devices from their user agent', () => {
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1')).toBe('Safari on iOS');
    expect(describeDevice(null)).toBe('Unknown device');
  });
});
