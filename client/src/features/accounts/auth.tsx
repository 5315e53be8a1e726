import { useMutation, useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { deviceTimeZone, type AuthResult, type PublicUser } from '@gl/core/types';
import { i18n } from '../../platform/i18n/i18n';
import { ApiError, api } from '../../platform/api';
import { useHydrated } from '../../platform/hydration';
import { clearPendingSaves } from '../library/pending-saves';
import { clearSession, getRefreshToken, getSession, setSession, setStoredUser, subscribeSession } from '../../platform/session';
import { live } from '../../platform/socket';

export interface AuthContextValue {
  user: PublicUser | null;
  isAuthenticated: boolean;
  /** True while a stored session is being checked with GET /api/auth/me. */
  loading: boolean;
  login(email: string, password: string): Promise<PublicUser>;
  register(name: string, email: string, password: string): Promise<PublicUser>;
  logout(): void;
  /** Re-reads the user (plan changes after a payment). */
  refreshUser(): Promise<void>;
  /** Updates the stored user in place (e.g. the plan from subscription:updated). */
  updateUser(patch: Partial<PublicUser>): void;
  /** Stores a session the server handed out (password reset, sign out everywhere, password change). */
  acceptSession(s: { token: string; refreshToken: string; user?: PublicUser }): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The session's query keys: the check of a stored session at start. */
export const sessionKeys = {
  check: () => ['session', 'check'] as const,
};

function snapshotKey(): string {
  const s = getSession();
  return s ? `${s.token}|${JSON.stringify(s.user)}` : '';
}

const signedOutSnapshot = () => '';

function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.hasServerMessage ? err.message : fallback;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // Re-render on any session change, including the api client clearing it after a 401. A
  // prerendered page is built signed out and hydrates signed out (the server snapshot), then shows
  // the stored user right after.
  const key = useSyncExternalStore(subscribeSession, snapshotKey, signedOutSnapshot);
  const session = useMemo(() => (key ? getSession() : null), [key]);
  // A stored token is checked once at start (GET /api/auth/me); a failed check clears the session.
  const [hadStoredSession] = useState(() => getSession() !== null);
  const storedCheck = useQuery({
    queryKey: sessionKeys.check(),
    enabled: hadStoredSession,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      if (!getSession()) return 'signed-out' as const;
      try {
        const { user } = await api('/auth/me', { signal });
        if (!signal.aborted && getSession()) {
          if (user) setStoredUser(user);
          else clearSession();
        }
      } catch (err) {
        // Unmounted meanwhile, or the server unreachable: keep the stored session rather than sign the user out over a blip.
        if (signal.aborted || (err instanceof ApiError && err.isNetworkError)) return 'kept' as const;
        clearSession();
      }
      return 'checked' as const;
    },
  });
  const checking = useHydrated() && hadStoredSession && storedCheck.isPending;

  const refreshUser = useCallback(async () => {
    if (!getSession()) return;
    const { user } = await api('/auth/me');
    if (getSession()) setStoredUser(user);
  }, []);

  // The server tells every open tab when the account changes (e-mail verified or changed): the
  // stored user is replaced, so e.g. the "verify your e-mail" banner goes away live. Registering a
  // handler opens no connection; pages (and the banner) that need live events hold one.
  useEffect(
    () =>
      live.on('account:updated', ({ user: next }) => {
        if (getSession()?.user?.id === next.id) setStoredUser(next);
      }),
    [],
  );

  const { mutateAsync: login } = useMutation({
    mutationFn: async ({ email, password }: { email: string; password: string }) => {
      let result: AuthResult;
      try {
        result = await api('/auth/login', { method: 'POST', body: { email, password }, sessionHandling: false });
      } catch (err) {
        throw new Error(failureText(err, i18n.t('loginFailed', { ns: 'auth' })));
      }
      setSession({ token: result.token, refreshToken: result.refreshToken, user: result.user });
      return result.user;
    },
  });

  const { mutateAsync: register } = useMutation({
    mutationFn: async ({ name, email, password }: { name: string; email: string; password: string }) => {
      let result: AuthResult;
      try {
        // The device's time zone: times are shown in it, and the daily quota resets at its midnight (DESIGN.md §20).
        const body = { name, email, password, timeZone: deviceTimeZone() };
        result = await api('/auth/register', { method: 'POST', body, sessionHandling: false });
      } catch (err) {
        throw new Error(failureText(err, i18n.t('registerFailed', { ns: 'auth' })));
      }
      setSession({ token: result.token, refreshToken: result.refreshToken, user: result.user });
      return result.user;
    },
  });

  // Revoke the refresh token on the server; the local session is already gone either way.
  const { mutate: revoke } = useMutation({
    mutationFn: (refreshToken: string) => api('/auth/logout', { method: 'POST', body: { refreshToken }, sessionHandling: false }),
  });
  const logout = useCallback(() => {
    const refreshToken = getRefreshToken();
    // Saves queued offline go with the person: never sent later as whoever signs in next.
    void clearPendingSaves();
    clearSession();
    if (refreshToken) revoke(refreshToken);
  }, [revoke]);

  const updateUser = useCallback((patch: Partial<PublicUser>) => {
    const current = getSession()?.user;
    if (current) setStoredUser({ ...current, ...patch });
  }, []);

  const acceptSession = useCallback((s: { token: string; refreshToken: string; user?: PublicUser }) => {
    setSession({ token: s.token, refreshToken: s.refreshToken, ...(s.user ? { user: s.user } : {}) });
  }, []);

  const user = session?.user ?? null;
  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isAuthenticated: Boolean(session && user),
      loading: checking,
      login: (email, password) => login({ email, password }),
      register: (name, email, password) => register({ name, email, password }),
      logout,
      refreshUser,
      updateUser,
      acceptSession,
    }),
    [session, user, checking, login, register, logout, refreshUser, updateUser, acceptSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** What the sign-in / sign-up form sends. */
export interface AuthFormValues {
  signUp: boolean;
  name: string;
  email: string;
  password: string;
}

/** The sign-in / sign-up form's submission, one mutation (its pending state and error are the form's). */
export function useAuthFormSubmit(onSuccess?: () => void) {
  const { login, register } = useAuth();
  return useMutation({
    mutationFn: ({ signUp, name, email, password }: AuthFormValues) =>
      signUp ? register(name.trim(), email.trim(), password) : login(email.trim(), password),
    onSuccess: () => onSuccess?.(),
  });
}
