import { useId, useState, type FormEvent } from 'react';
import { EMAIL_MAX, type PublicUser } from '@gl/core/types';
import { api, errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/app-status';
import { useAuth } from '../../lib/auth';
import { Notice } from '../forms/Notice';
import { Field } from '../forms/Field';
import { Section } from './Section';

type Result = { kind: 'error' | 'success'; text: string } | null;

/** Runs a form action with busy state and one result line. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const online = useOnline();
  const run = async (action: () => Promise<string>, fallback: string) => {
    if (busy || !online) return;
    setBusy(true);
    setResult(null);
    try {
      setResult({ kind: 'success', text: await action() });
    } catch (err) {
      setResult({ kind: 'error', text: errorMessage(err, fallback) });
    } finally {
      setBusy(false);
    }
  };
  /** No connection: the submit is disabled (the section says why). */
  return { busy: busy || !online, saving: busy, result, run };
}

export function ProfileSection({ user }: { user: PublicUser }) {
  const { updateUser } = useAuth();
  const [name, setName] = useState(user.name);
  const { busy, saving, result, run } = useAction();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const { user: updated } = await api<{ user: PublicUser }>('/users/profile', { method: 'PUT', body: { name: name.trim() } });
      updateUser({ name: updated.name });
      return 'Name saved.';
    }, 'Could not save your name.');
  };
  return (
    <Section title="Profile">
      <form onSubmit={submit} className="grid gap-4 sm:max-w-md">
        <Field id={id} label="Full Name" value={name} onChange={setName} autoComplete="name" maxLength={100} />
        {result && <Notice kind={result.kind}>{result.text}</Notice>}
        <div>
          <button type="submit" className="btn-primary px-4 py-2.5" disabled={busy || name.trim() === user.name}>
            {saving ? 'Saving...' : 'Save name'}
          </button>
        </div>
      </form>
    </Section>
  );
}

export function EmailSection({ user }: { user: PublicUser }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, saving, result, run } = useAction();
  const ids = { email: useId(), password: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const { pendingEmail } = await api<{ pendingEmail: string }>('/users/email', {
        method: 'PUT',
        body: { newEmail: newEmail.trim(), password },
      });
      setPassword('');
      setNewEmail('');
      return `We sent a link to ${pendingEmail}. Your email changes when you open it.`;
    }, 'Could not change your email.');
  };
  return (
    <Section
      title="Email"
      lead={
        <>
          <span className="break-all font-medium text-slate-800 dark:text-slate-200">{user.email}</span>{' '}
          {user.emailVerified ? (
            <span className="chip bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200">Verified</span>
          ) : (
            <span className="chip bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">Not verified</span>
          )}
        </>
      }
    >
      <form onSubmit={submit} className="grid gap-4 sm:max-w-md">
        <Field
          id={ids.email}
          label="New email"
          type="email"
          value={newEmail}
          onChange={setNewEmail}
          autoComplete="email"
          maxLength={EMAIL_MAX}
        />
        <Field
          id={ids.password}
          label="Your password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          maxLength={1024}
        />
        {result && <Notice kind={result.kind}>{result.text}</Notice>}
        <div>
          <button type="submit" className="btn-primary px-4 py-2.5" disabled={busy}>
            {saving ? 'Sending...' : 'Change email'}
          </button>
        </div>
      </form>
    </Section>
  );
}

export function PasswordSection() {
  const { acceptSession } = useAuth();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const { busy, saving, result, run } = useAction();
  const ids = { current: useId(), next: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const data = await api<{ token: string; refreshToken: string; message: string }>('/users/change-password', {
        method: 'POST',
        body: { currentPassword, newPassword },
      });
      acceptSession(data);
      setCurrent('');
      setNew('');
      return data.message;
    }, 'Could not change your password.');
  };
  return (
    <Section title="Password" lead="Changing it signs out every other device and cancels any email change or reset link still pending.">
      <form onSubmit={submit} className="grid gap-4 sm:max-w-md">
        <Field
          id={ids.current}
          label="Current password"
          type="password"
          value={currentPassword}
          onChange={setCurrent}
          autoComplete="current-password"
          maxLength={1024}
        />
        <Field
          id={ids.next}
          label="New password"
          type="password"
          value={newPassword}
          onChange={setNew}
          autoComplete="new-password"
          maxLength={128}
        />
        {result && <Notice kind={result.kind}>{result.text}</Notice>}
        <div>
          <button type="submit" className="btn-primary px-4 py-2.5" disabled={busy}>
            {saving ? 'Saving...' : 'Change password'}
          </button>
        </div>
      </form>
    </Section>
  );
}
