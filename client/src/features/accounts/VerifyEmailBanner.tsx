import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { errorMessage } from '../../platform/api';
import { useAuth } from './auth';
import { useResendVerification } from './account';
import { useLiveConnection } from '../../platform/socket';

const dismissedKey = (userId: string) => `gl-verify-banner-dismissed-${userId}`;

function wasDismissed(userId: string): boolean {
  try {
    return sessionStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** While the banner shows, the live connection stays open: `account:updated` (the link opened in another tab or device) hides it. */
function StayLive() {
  useLiveConnection();
  return null;
}

/** For signed-in users whose e-mail is not verified: a reminder with "resend", dismissible for this browser session. */
export default function VerifyEmailBanner() {
  const { t } = useTranslation('common');
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const resend = useResendVerification();
  if (!user || user.emailVerified || pathname === '/verify-email') return null;
  if (dismissed === user.id || wasDismissed(user.id)) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(dismissedKey(user.id), '1');
    } catch {
      /* private mode: dismissed for this page view only */
    }
    setDismissed(user.id);
  };
  const text = resend.isSuccess
    ? t('verifyBanner.sent', { email: user.email })
    : resend.isError
      ? errorMessage(resend.error, t('verifyBanner.sendFailed'))
      : '';

  return (
    <div
      role="region"
      aria-label={t('verifyBanner.label')}
      className="border-b border-amber-200 bg-amber-50 dark:border-amber-500/30 dark:bg-amber-500/10"
    >
      <StayLive />
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm text-amber-900 sm:px-6 dark:text-amber-100">
        <p className="min-w-0 flex-1 basis-full sm:basis-0">
          <Trans
            t={t}
            i18nKey="verifyBanner.text"
            values={{ email: user.email }}
            components={{ strong: <strong className="break-all" /> }}
          />
          {text && <span role="status"> {text}</span>}
        </p>
        <div className="flex items-center gap-2">
          <button type="button" className="btn-secondary px-3 py-1.5 text-sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? t('verifyBanner.sending') : t('verifyBanner.resend')}
          </button>
          <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={dismiss}>
            {t('verifyBanner.dismiss')}
          </button>
        </div>
      </div>
    </div>
  );
}
