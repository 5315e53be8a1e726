import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionDto } from '@gl/core/types';
import { api, errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/app-status';
import { useAuth } from '../../lib/auth';
import { formatSavedDate } from '../../lib/format';
import { Notice } from '../forms/Notice';
import { Section } from './Section';

/** "Chrome on Android" from a user agent, good enough to tell devices apart. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.slice(0, 60);
}

export function SessionsSection() {
  const { acceptSession } = useAuth();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: ['auth', 'sessions'], queryFn: () => api<{ sessions: SessionDto[] }>('/auth/sessions') });
  const [busy, setBusy] = useState<string | null>(null);
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const online = useOnline();

  const act = async (key: string, action: () => Promise<string>) => {
    setBusy(key);
    setResult(null);
    try {
      setResult({ kind: 'success', text: await action() });
      await queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] });
    } catch (err) {
      setResult({ kind: 'error', text: errorMessage(err, 'That did not work. Please try again.') });
    } finally {
      setBusy(null);
    }
  };

  const signOutDevice = (id: string) =>
    act(id, async () => {
      await api(`/auth/sessions/${id}`, { method: 'DELETE' });
      return 'That device is signed out.';
    });
  const signOutEverywhere = () =>
    act('all', async () => {
      const data = await api<{ revoked: number; token: string; refreshToken: string }>('/auth/logout-all', { method: 'POST' });
      acceptSession(data);
      return data.revoked === 1 ? '1 other device was signed out.' : `${data.revoked} other devices were signed out.`;
    });

  const list = sessions.data?.sessions ?? [];
  return (
    <Section
      title="Signed-in devices"
      lead="Sign out a device you do not recognise, or every device but this one (that also cancels any email change or reset link still pending)."
      needs="Signing devices out"
    >
      {sessions.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading devices...</p>
      ) : sessions.isError ? (
        <Notice kind="error">{errorMessage(sessions.error, 'Could not load your devices.')}</Notice>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900 dark:text-white">
                  {describeDevice(s.userAgent)}{' '}
                  {s.current && (
                    <span className="chip bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-200">This device</span>
                  )}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {s.ip ?? 'Unknown address'} · signed in {formatSavedDate(s.createdAt)} · last active {formatSavedDate(s.lastUsedAt)}
                </p>
              </div>
              {!s.current && (
                <button
                  type="button"
                  className="btn-secondary px-3 py-2 text-sm"
                  disabled={busy !== null || !online}
                  onClick={() => void signOutDevice(s.id)}
                  aria-label={`Sign out ${describeDevice(s.userAgent)}`}
                >
                  {busy === s.id ? 'Signing out...' : 'Sign out'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {result && (
        <div className="mt-3">
          <Notice kind={result.kind}>{result.text}</Notice>
        </div>
      )}
      <button
        type="button"
        className="btn-danger mt-4 px-4 py-2.5"
        disabled={busy !== null || !online}
        onClick={() => void signOutEverywhere()}
      >
        {busy === 'all' ? 'Signing out...' : 'Sign out everywhere else'}
      </button>
    </Section>
  );
}
