import { useTranslation } from 'react-i18next';
import { i18n } from '../../platform/i18n/i18n';
import { errorMessage } from '../../platform/api';
import { useOnline } from '../../platform/app-status';
import { useAuth } from './auth';
import { useSessions, useSignOutDevice, useSignOutEverywhere } from './account';
import { showShortMoment, useTimeReader } from '../../platform/time-zone';
import { Notice } from '../../ui/forms/Notice';
import { Section } from './Section';

/** "Chrome on Android" from a user agent, good enough to tell devices apart. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return i18n.t('devices.unknown', { ns: 'account' });
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
  if (browser && os) return i18n.t('devices.browserOn', { ns: 'account', browser, os });
  return browser ?? os ?? userAgent.slice(0, 60);
}

export function SessionsSection() {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  const sessions = useSessions(user?.id);
  const signOutDevice = useSignOutDevice(user?.id);
  const signOutEverywhere = useSignOutEverywhere(user?.id);
  const online = useOnline();
  const busy = signOutDevice.isPending || signOutEverywhere.isPending;
  // The last action's outcome: whichever of the two ran last.
  const last = signOutDevice.submittedAt > signOutEverywhere.submittedAt ? signOutDevice : signOutEverywhere;
  const reader = useTimeReader();

  const list = sessions.data ?? [];
  return (
    <Section title={t('devices.title')} lead={t('devices.lead')} needs={t('devices.needs')}>
      {sessions.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('devices.loading')}</p>
      ) : sessions.isError ? (
        <Notice kind="error">{errorMessage(sessions.error, t('devices.loadFailed'))}</Notice>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900 dark:text-white">
                  {describeDevice(s.userAgent)}{' '}
                  {s.current && (
                    <span className="chip bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-200">
                      {t('devices.current')}
                    </span>
                  )}
                </p>
                <p className="break-words text-xs text-slate-600 dark:text-slate-400">
                  {t('devices.details', {
                    ip: s.ip ?? t('devices.unknownAddress'),
                    signedIn: showShortMoment(s.createdAt, reader),
                    lastActive: showShortMoment(s.lastUsedAt, reader),
                  })}
                </p>
              </div>
              {!s.current && (
                <button
                  type="button"
                  className="btn-secondary px-3 py-2 text-sm"
                  disabled={busy || !online}
                  onClick={() => signOutDevice.mutate(s.id)}
                  aria-label={t('devices.signOutOne', { device: describeDevice(s.userAgent) })}
                >
                  {signOutDevice.isPending && signOutDevice.variables === s.id ? t('devices.signingOut') : t('devices.signOut')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {(last.isSuccess || last.isError) && (
        <div className="mt-3">
          {last.isError ? (
            <Notice kind="error">{errorMessage(last.error, t('devices.failed'))}</Notice>
          ) : (
            <Notice kind="success">
              {last === signOutDevice ? t('devices.signedOut') : t('devices.signedOutOthers', { count: signOutEverywhere.data ?? 0 })}
            </Notice>
          )}
        </div>
      )}
      <button type="button" className="btn-danger mt-4 px-4 py-2.5" disabled={busy || !online} onClick={() => signOutEverywhere.mutate()}>
        {signOutEverywhere.isPending ? t('devices.signingOut') : t('devices.signOutOthers')}
      </button>
    </Section>
  );
}
