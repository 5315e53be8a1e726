import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@gl/core/types';
import { useAuthFormSubmit } from './auth';
import { Field } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';
import { EyeIcon, EyeOffIcon } from '../../ui/icons';

export type AuthMode = 'signin' | 'signup';

/** Sign-in / sign-up form of /auth. Calls onSuccess after the session is stored. */
export default function AuthForm({ initialMode = 'signin', onSuccess }: { initialMode?: AuthMode; onSuccess?: () => void }) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const ids = { name: useId(), email: useId(), password: useId(), hint: useId(), error: useId() };
  const signUp = mode === 'signup';
  const submitForm = useAuthFormSubmit(onSuccess);
  const busy = submitForm.isPending;
  const error = submitForm.isError ? (submitForm.error instanceof Error && submitForm.error.message) || t('failed') : '';

  const switchMode = () => {
    setMode(signUp ? 'signin' : 'signup');
    submitForm.reset();
    setName('');
    setEmail('');
    setPassword('');
    setShowPassword(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) submitForm.mutate({ signUp, name, email, password });
  };

  return (
    <div className="card w-full max-w-md p-6 sm:p-8">
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {signUp ? t('signUp.title') : t('signIn.title')}
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{signUp ? t('signUp.lead') : t('signIn.lead')}</p>
      </div>

      <form onSubmit={submit} className="mt-8 grid gap-4" aria-describedby={error ? ids.error : undefined} noValidate={false}>
        {signUp && <Field id={ids.name} label={t('name')} autoComplete="name" maxLength={NAME_MAX} value={name} onChange={setName} />}
        <Field
          id={ids.email}
          label={t('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          value={email}
          onChange={setEmail}
        />
        <Field
          id={ids.password}
          label={t('password')}
          type={showPassword ? 'text' : 'password'}
          controlClassName="field pr-11"
          autoComplete={signUp ? 'new-password' : 'current-password'}
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={setPassword}
          aria-describedby={ids.hint}
          after={
            <button
              type="button"
              className="absolute inset-y-0 right-0 grid w-10 place-items-center rounded-r-lg text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-white"
              onClick={() => setShowPassword((s) => !s)}
              aria-label={showPassword ? t('hidePassword') : t('showPassword')}
              aria-pressed={showPassword}
            >
              {showPassword ? <EyeOffIcon className="h-4 w-4" /> : <EyeIcon className="h-4 w-4" />}
            </button>
          }
          footer={
            <div className="mt-1.5 flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
              <p id={ids.hint} className="text-xs text-slate-600 dark:text-slate-400">
                {t('passwordHint', { min: PASSWORD_MIN })}
              </p>
              {!signUp && (
                <Link
                  to="/forgot-password"
                  className="text-xs font-semibold text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
                >
                  {t('forgot')}
                </Link>
              )}
            </div>
          }
        />

        {error && (
          <Notice kind="error" id={ids.error}>
            {error}
          </Notice>
        )}

        <button type="submit" className="btn-primary mt-2 w-full py-2.5" disabled={busy}>
          {busy ? (signUp ? t('signUp.busy') : t('signIn.busy')) : signUp ? t('signUp.submit') : t('signIn.submit')}
        </button>
      </form>

      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {signUp ? t('signUp.switchQuestion') : t('signIn.switchQuestion')}{' '}
        <button
          type="button"
          onClick={switchMode}
          className="font-semibold text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
        >
          {signUp ? t('signUp.switch') : t('signIn.switch')}
        </button>
      </p>
    </div>
  );
}
