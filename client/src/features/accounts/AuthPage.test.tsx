import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AuthPage from './AuthPage';
import { STORAGE_KEYS } from '../../platform/storage';
import { TEST_USER, fail, mockApi, ok, renderAt, resetBrowserState, signIn } from '../../test/app-harness';

beforeEach(() => resetBrowserState());
afterEach(() => onlineManager.setOnline(true));

const session = { user: TEST_USER, token: 'tok', refreshToken: 'ref' };

describe('/auth', () => {
  it('signs in: Welcome Back, Signing In... while busy, session stored, redirect to /', async () => {
    let release!: () => void;
    const { calls } = mockApi({
      'POST /api/auth/login': () => new Promise((resolve) => (release = () => resolve(ok(session)))),
    });
    renderAt(<AuthPage />, { route: '/auth', path: '/auth' });
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls[0]!.body).toEqual({ email: 'ada@example.com', password: 'secret123' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({ email: 'ada@example.com' });
  });

  it("shows the server's error text, and 'Login failed' when it gives none", async () => {
    let reply = fail(401, 'Invalid email or password', 'UNAUTHENTICATED');
    mockApi({ 'POST /api/auth/login': () => reply });
    renderAt(<AuthPage />, { route: '/auth', path: '/auth' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');

    reply = { status: 500, body: undefined } as never;
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Login failed$/));
  });

  it("offline: Sign In fails at once with the spec's 'Login failed' (the server gave no text), instead of waiting", async () => {
    onlineManager.setOnline(false);
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<AuthPage />, { route: '/auth', path: '/auth' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("sign-up: a join heading, Full Name, Creating Account..., 'Registration failed' fallback", async () => {
    let release!: (v: unknown) => void;
    const { calls } = mockApi({
      'POST /api/auth/register': () => new Promise((resolve) => (release = resolve as never)),
    });
    renderAt(<AuthPage />, { route: '/auth', path: '/auth' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { name: 'Join Genius Lines' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    release({ status: 502, body: { success: false } });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed$/);
    // The device's time zone goes with the sign-up (the account's times and quota midnight follow it).
    expect(calls[0]!.body).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret123', timeZone: 'UTC' });
  });

  it('the mode toggle clears the error and the fields', async () => {
    mockApi({ 'POST /api/auth/login': () => fail(401, 'Invalid email or password', 'UNAUTHENTICATED') });
    renderAt(<AuthPage />, { route: '/auth', path: '/auth' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Full Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
  });

  it('show/hide password', async () => {
    mockApi({});
    renderAt(<AuthPage />, { route: '/auth', path: '/auth' });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("shows 'Loading...' while the stored session is checked, then sends a signed-in user to /", async () => {
    signIn();
    let release!: () => void;
    mockApi({ 'GET /api/auth/me': () => new Promise((resolve) => (release = () => resolve(ok({ user: TEST_USER })))) });
    renderAt(<AuthPage />, { route: '/auth', path: '/auth' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('a stored session that the server refuses is cleared, and the form is shown', async () => {
    signIn();
    mockApi({
      'GET /api/auth/me': () => fail(401, 'Invalid or expired token', 'UNAUTHENTICATED'),
      'POST /api/auth/refresh': () => fail(401, 'Session expired. Please sign in again.', 'UNAUTHENTICATED'),
    });
    renderAt(<AuthPage />, { route: '/auth', path: '/auth' });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});
