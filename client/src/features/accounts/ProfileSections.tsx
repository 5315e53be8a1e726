import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, type PublicUser } from '@gl/core/types';
import { useChangeEmail, useChangePassword, useUpdateProfile } from './account';
import { Field } from '../../ui/forms/Field';
import { AccountSection, CurrentPasswordField, useFormValues } from './AccountSection';

export function ProfileSection({ user }: { user: PublicUser }) {
  const { t } = useTranslation('account');
  const save = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const id = useId();
  return (
    <AccountSection
      title={t('profile.title')}
      mutation={save}
      send={() => save.mutate(name.trim())}
      ready={name.trim() !== user.name}
      submitLabel={t('profile.submit')}
      busyLabel={t('saving')}
      success={t('profile.saved')}
      fallback={t('profile.failed')}
    >
      <Field id={id} label={t('profile.name')} value={name} onChange={setName} autoComplete="name" maxLength={NAME_MAX} />
    </AccountSection>
  );
}

export function EmailSection({ user }: { user: PublicUser }) {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const { values, set, clear } = useFormValues({ newEmail: '', password: '' });
  const ids = { email: useId(), password: useId() };
  return (
    <AccountSection
      title={t('email.title')}
      lead={
        <>
          <span className="break-all font-medium text-slate-800 dark:text-slate-200">{user.email}</span>{' '}
          {user.emailVerified ? (
            <span className="chip bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200">{t('email.verified')}</span>
          ) : (
            <span className="chip bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">{t('email.notVerified')}</span>
          )}
        </>
      }
      mutation={change}
      send={() => change.mutate({ newEmail: values.newEmail.trim(), password: values.password }, { onSuccess: clear })}
      submitLabel={t('email.submit')}
      busyLabel={t('sending')}
      success={t('email.sent', { email: change.data ?? '' })}
      fallback={t('email.failed')}
    >
      <Field
        id={ids.email}
        label={t('email.new')}
        type="email"
        value={values.newEmail}
        onChange={set('newEmail')}
        autoComplete="email"
        maxLength={EMAIL_MAX}
      />
      <CurrentPasswordField id={ids.password} value={values.password} onChange={set('password')} />
    </AccountSection>
  );
}

export function PasswordSection() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const { values, set, clear } = useFormValues({ currentPassword: '', newPassword: '' });
  const ids = { current: useId(), next: useId() };
  return (
    <AccountSection
      title={t('password.title')}
      lead={t('password.lead')}
      mutation={change}
      send={() => change.mutate(values, { onSuccess: clear })}
      submitLabel={t('password.submit')}
      busyLabel={t('saving')}
      success={change.data ?? ''}
      fallback={t('password.failed')}
    >
      <CurrentPasswordField
        id={ids.current}
        label={t('password.current')}
        value={values.currentPassword}
        onChange={set('currentPassword')}
      />
      <Field
        id={ids.next}
        label={t('password.new')}
        type="password"
        value={values.newPassword}
        onChange={set('newPassword')}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
    </AccountSection>
  );
}
