import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENT_PASSWORD_MAX, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, type PublicUser } from '@gl/core/types';
import { useOnline } from '../../platform/app-status';
import { useChangeEmail, useChangePassword, useUpdateProfile } from './account';
import { Field } from '../../ui/forms/Field';
import { MutationForm } from '../../ui/forms/MutationForm';
import { Section } from './Section';

export function ProfileSection({ user }: { user: PublicUser }) {
  const { t } = useTranslation('account');
  const save = useUpdateProfile();
  const online = useOnline();
  const [name, setName] = useState(user.name);
  const id = useId();
  const submit = () => {
    if (!save.isPending && online) save.mutate(name.trim());
  };
  return (
    <Section title={t('profile.title')}>
      <MutationForm
        mutation={save}
        onSubmit={submit}
        submitLabel={t('profile.submit')}
        busyLabel={t('saving')}
        success={t('profile.saved')}
        fallback={t('profile.failed')}
        disabled={!online || name.trim() === user.name}
      >
        <Field id={id} label={t('profile.name')} value={name} onChange={setName} autoComplete="name" maxLength={NAME_MAX} />
      </MutationForm>
    </Section>
  );
}

export function EmailSection({ user }: { user: PublicUser }) {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const online = useOnline();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const ids = { email: useId(), password: useId() };
  const submit = () => {
    if (change.isPending || !online) return;
    change.mutate(
      { newEmail: newEmail.trim(), password },
      {
        onSuccess: () => {
          setPassword('');
          setNewEmail('');
        },
      },
    );
  };
  return (
    <Section
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
    >
      <MutationForm
        mutation={change}
        onSubmit={submit}
        submitLabel={t('email.submit')}
        busyLabel={t('sending')}
        success={t('email.sent', { email: change.data ?? '' })}
        fallback={t('email.failed')}
        disabled={!online}
      >
        <Field
          id={ids.email}
          label={t('email.new')}
          type="email"
          value={newEmail}
          onChange={setNewEmail}
          autoComplete="email"
          maxLength={EMAIL_MAX}
        />
        <Field
          id={ids.password}
          label={t('yourPassword')}
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          maxLength={CURRENT_PASSWORD_MAX}
        />
      </MutationForm>
    </Section>
  );
}

export function PasswordSection() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const online = useOnline();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const ids = { current: useId(), next: useId() };
  const submit = () => {
    if (change.isPending || !online) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrent('');
          setNew('');
        },
      },
    );
  };
  return (
    <Section title={t('password.title')} lead={t('password.lead')}>
      <MutationForm
        mutation={change}
        onSubmit={submit}
        submitLabel={t('password.submit')}
        busyLabel={t('saving')}
        success={change.data ?? ''}
        fallback={t('password.failed')}
        disabled={!online}
      >
        <Field
          id={ids.current}
          label={t('password.current')}
          type="password"
          value={currentPassword}
          onChange={setCurrent}
          autoComplete="current-password"
          maxLength={CURRENT_PASSWORD_MAX}
        />
        <Field
          id={ids.next}
          label={t('password.new')}
          type="password"
          value={newPassword}
          onChange={setNew}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
        />
      </MutationForm>
    </Section>
  );
}
