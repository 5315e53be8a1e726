/**
 * The account's server calls: profile, e-mail, password, devices, data export, deletion, language,
 * and the signed-out account links (forgot / reset password, verify e-mail). No socket event changes
 * the device list; `account:updated` (the e-mail verified or changed elsewhere) replaces the stored
 * user in `features/accounts/auth.tsx`, so every view of the user follows it; a reconnect refetches the devices.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResult, PublicUser, SessionDto, UiLanguage } from '@gl/core/types';
import { api, apiResponse } from '../../platform/api';
import { useAuth } from './auth';
import { useLiveReconnect } from '../../platform/socket';

export const accountKey = (userId: string | undefined, ...rest: unknown[]): unknown[] => ['account', userId ?? 'none', ...rest];

/** GET /auth/sessions: the signed-in devices. */
export function useSessions(userId: string | undefined) {
  const qc = useQueryClient();
  useLiveReconnect(() => void qc.invalidateQueries({ queryKey: accountKey(userId, 'sessions') }));
  return useQuery({
    queryKey: accountKey(userId, 'sessions'),
    enabled: Boolean(userId),
    queryFn: async ({ signal }): Promise<SessionDto[]> => {
      const data: { sessions: SessionDto[] } = await api('/auth/sessions', { signal });
      return data.sessions;
    },
  });
}

function useRefetchSessions(userId: string | undefined) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: accountKey(userId, 'sessions') });
}

/** DELETE /auth/sessions/:id: signs one other device out. */
export function useSignOutDevice(userId: string | undefined) {
  const refetch = useRefetchSessions(userId);
  return useMutation({
    mutationFn: (id: string): Promise<unknown> => api(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refetch,
  });
}

/** POST /auth/logout-all: every other device out; this one gets a fresh pair. Resolves to how many were signed out. */
export function useSignOutEverywhere(userId: string | undefined) {
  const { acceptSession } = useAuth();
  const refetch = useRefetchSessions(userId);
  return useMutation({
    mutationFn: async (): Promise<number> => {
      const data: { revoked: number; token: string; refreshToken: string } = await api('/auth/logout-all', { method: 'POST' });
      acceptSession(data);
      return data.revoked;
    },
    onSuccess: refetch,
  });
}

/** PUT /users/profile {name}. */
export function useUpdateProfile() {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: async (name: string): Promise<PublicUser> => {
      const data: { user: PublicUser } = await api('/users/profile', { method: 'PUT', body: { name } });
      return data.user;
    },
    onSuccess: (user) => updateUser({ name: user.name }),
  });
}

/** PUT /users/email: sends a link to the new address; resolves to that address. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (body: { newEmail: string; password: string }): Promise<string> => {
      const data: { pendingEmail: string } = await api('/users/email', { method: 'PUT', body });
      return data.pendingEmail;
    },
  });
}

/** POST /users/change-password: signs every other device out; this one keeps a fresh pair. Resolves to the server's message. */
export function useChangePassword() {
  const { acceptSession } = useAuth();
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }): Promise<string> => {
      const data: { token: string; refreshToken: string; message: string } = await api('/users/change-password', { method: 'POST', body });
      acceptSession(data);
      return data.message;
    },
  });
}

/** PATCH /account/language {language}: the account's language, for its e-mails, reminders and receipts. */
export function useSaveLanguage() {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: async (language: UiLanguage): Promise<PublicUser> => {
      const data: { user: PublicUser } = await api('/account/language', { method: 'PATCH', body: { language } });
      return data.user;
    },
    onSuccess: (user) => updateUser({ language: user.language }),
  });
}

/** PATCH /account/time-zone {timeZone}: the zone the account's times are shown in (and its quota's midnight). */
export function useSaveTimeZone() {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: async (timeZone: string): Promise<PublicUser> => {
      const data: { user: PublicUser } = await api('/account/time-zone', { method: 'PATCH', body: { timeZone } });
      return data.user;
    },
    onSuccess: (user) => updateUser({ timeZone: user.timeZone }),
  });
}

/** Saves a Response as a file (the server names it in Content-Disposition). */
async function saveDownload(res: Response, fallbackName: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /users/export: the account's data as one JSON file, downloaded. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => saveDownload(await apiResponse('/users/export'), 'genius-lines-export.json'),
  });
}

/** DELETE /users/account, then the app's normal sign-out path (so everything kept for this user in the browser is cleared too). */
export function useDeleteAccount() {
  const { logout } = useAuth();
  return useMutation({
    mutationFn: (body: { password: string; confirm: string }): Promise<unknown> => api('/users/account', { method: 'DELETE', body }),
    onSuccess: () => logout(),
  });
}

/** POST /auth/resend-verification. */
export function useResendVerification() {
  return useMutation({ mutationFn: (): Promise<unknown> => api('/auth/resend-verification', { method: 'POST' }) });
}

/** POST /auth/forgot-password: the same answer whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string): Promise<unknown> =>
      api('/auth/forgot-password', { method: 'POST', body: { email }, sessionHandling: false }),
  });
}

/** POST /auth/reset-password: a new password from the e-mailed token; signs this browser in. */
export function useResetPassword() {
  const { acceptSession } = useAuth();
  return useMutation({
    mutationFn: (body: { token: string; password: string }): Promise<AuthResult> =>
      api('/auth/reset-password', { method: 'POST', body, sessionHandling: false }),
    onSuccess: (result) => acceptSession(result),
  });
}

/** POST /auth/verify-email: confirms the address of the token; resolves to the verified user. */
export async function verifyEmail(token: string): Promise<PublicUser> {
  const data: { user: PublicUser } = await api('/auth/verify-email', { method: 'POST', body: { token }, sessionHandling: false });
  return data.user;
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
