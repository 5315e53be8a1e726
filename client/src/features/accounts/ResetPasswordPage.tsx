import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_MAX, PASSWORD_MIN } from '@gl/core/types';
import { errorMessage } from '../../platform/api';
import { useResetPassword } from './account';
import { FormShell } from './FormShell';
import { Field } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';

/** /reset-password?token=: choose a new password; success signs this browser in (every other session ends). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const { t: tAuth } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const ids = { password: useId(), confirm: useId() };
  const passwordHint = tAuth('passwordHint', { min: PASSWORD_MIN });
  // Stays busy after success: the page is left at once.
  const busy = reset.isPending || reset.isSuccess;
  const error = mismatch ? t('reset.mismatch') : reset.isError ? errorMessage(reset.error, t('reset.failed')) : '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setMismatch(password !== confirm);
    if (password !== confirm) return reset.reset();
    reset.mutate({ token, password }, { onSuccess: () => navigate('/account', { replace: true, state: { notice: t('reset.done') } }) });
  };

  if (!token) {
    return (
      <FormShell title={t('reset.missingTitle')} lead={t('reset.missingLead')}>
        <Link to="/forgot-password" className="btn-primary w-full py-2.5">
          {t('reset.requestNew')}
        </Link>
      </FormShell>
    );
  }

  return (
    <FormShell title={t('reset.title')} lead={t('reset.lead')}>
      <form onSubmit={submit} className="grid gap-4">
        <Field
          id={ids.password}
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={setPassword}
          hint={passwordHint}
        />
        <Field
          id={ids.confirm}
          label={t('reset.repeat')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={confirm}
          onChange={setConfirm}
        />
        {error && (
          <Notice kind="error">
            {error}{' '}
            {reset.isError && !mismatch && /link/i.test(error) && (
              <Link to="/forgot-password" className="font-semibold underline">
                {t('reset.requestNew')}
              </Link>
            )}
          </Notice>
        )}
        <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
          {busy ? t('saving') : t('reset.submit')}
        </button>
      </form>
    </FormShell>
  );
}
