import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EMAIL_MAX } from '@gl/core/types';
import { errorMessage } from '../../platform/api';
import { useForgotPassword } from './account';
import { FormShell } from './FormShell';
import { Field } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';

/** /forgot-password: asks for a reset link. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const send = useForgotPassword();
  const [email, setEmail] = useState('');
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!send.isPending) send.mutate(email.trim());
  };

  return (
    <FormShell title={t('forgot.title')} lead={t('forgot.lead')}>
      {send.isSuccess ? (
        <div className="grid gap-4">
          <Notice kind="success">
            <Trans t={t} i18nKey="forgot.sent" values={{ email: send.variables }} components={{ strong: <strong /> }} />
          </Notice>
          <button type="button" className="btn-secondary w-full py-2.5" onClick={() => send.reset()}>
            {t('forgot.again')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-4">
          <Field
            id={id}
            label={t('email.label')}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            value={email}
            onChange={setEmail}
          />
          {send.isError && <Notice kind="error">{errorMessage(send.error, t('sendFailed'))}</Notice>}
          <button type="submit" className="btn-primary w-full py-2.5" disabled={send.isPending}>
            {send.isPending ? t('sending') : t('forgot.submit')}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {t('forgot.remembered')}{' '}
        <Link to="/auth" className="font-semibold text-violet-700 underline-offset-2 hover:underline dark:text-violet-300">
          {t('signIn')}
        </Link>
      </p>
    </FormShell>
  );
}
