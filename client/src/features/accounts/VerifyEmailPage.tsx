import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../platform/api';
import { useAuth } from './auth';
import { useVerifyEmail } from './account';
import { FormShell } from './FormShell';
import { Notice } from '../../ui/forms/Notice';

/** /verify-email?token=: confirms the address (at sign-up, or the new one after a change of e-mail). */
export default function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, updateUser } = useAuth();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true; // the token works once: never post it twice (StrictMode runs effects twice)
    mutate(token);
  }, [token, mutate]);

  const email = verify.data?.email;
  useEffect(() => {
    // This browser's stored user catches up (e-mail verified, or changed).
    if (!verify.isSuccess || !user || !email) return;
    if (user.email !== email || !user.emailVerified) updateUser({ email, emailVerified: true });
  }, [verify.isSuccess, email, user, updateUser]);

  if (token && !verify.isSuccess && !verify.isError)
    return <FormShell title={t('verify.working')} lead={t('verify.wait')} children={null} />;
  if (verify.isSuccess) {
    return (
      <FormShell title={t('verify.done')}>
        <div className="grid gap-4">
          <Notice kind="success">
            <Trans t={t} i18nKey="verify.confirmed" values={{ email }} components={{ strong: <strong /> }} />
          </Notice>
          <Link to={user ? '/account' : '/auth'} className="btn-primary w-full py-2.5">
            {user ? t('verify.toAccount') : t('signIn')}
          </Link>
        </div>
      </FormShell>
    );
  }
  return (
    <FormShell title={t('verify.failedTitle')}>
      <div className="grid gap-4">
        <Notice kind="error">{token ? errorMessage(verify.error, t('verify.failed')) : t('verify.noToken')}</Notice>
        <p className="text-sm text-slate-600 dark:text-slate-400">{user ? t('verify.againSignedIn') : t('verify.againSignedOut')}</p>
        <Link to={user ? '/account' : '/auth'} className="btn-secondary w-full py-2.5">
          {user ? t('verify.toAccount') : t('signIn')}
        </Link>
      </div>
    </FormShell>
  );
}
