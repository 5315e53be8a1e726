import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PublicUser } from '@gl/core/types';
import { api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { FormShell } from '../../components/account/FormShell';
import { Notice } from '../../components/forms/Notice';

/** /verify-email?token=: confirms the address (at sign-up, or the new one after a change of e-mail). */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, updateUser } = useAuth();
  const [state, setState] = useState<{ status: 'working' | 'done' | 'failed'; message?: string; email?: string }>({
    status: token ? 'working' : 'failed',
    message: token ? undefined : 'This link is missing its token. Open the link from the email we sent you.',
  });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true; // the token works once: never post it twice (StrictMode runs effects twice)
    api<{ user: PublicUser }>('/auth/verify-email', { method: 'POST', body: { token }, sessionHandling: false })
      .then(({ user: verified }) => setState({ status: 'done', email: verified.email }))
      .catch((err: unknown) => setState({ status: 'failed', message: errorMessage(err, 'Could not verify this link.') }));
  }, [token]);

  useEffect(() => {
    // This browser's stored user catches up (e-mail verified, or changed).
    if (state.status !== 'done' || !user || !state.email) return;
    if (user.email !== state.email || !user.emailVerified) updateUser({ email: state.email, emailVerified: true });
  }, [state, user, updateUser]);

  if (state.status === 'working') return <FormShell title="Confirming your email..." lead="One moment." children={null} />;
  if (state.status === 'done') {
    return (
      <FormShell title="Email confirmed">
        <div className="grid gap-4">
          <Notice kind="success">
            <strong>{state.email}</strong> is confirmed. Thank you!
          </Notice>
          <Link to={user ? '/account' : '/auth'} className="btn-primary w-full py-2.5">
            {user ? 'Go to my account' : 'Sign in'}
          </Link>
        </div>
      </FormShell>
    );
  }
  return (
    <FormShell title="This link did not work">
      <div className="grid gap-4">
        <Notice kind="error">{state.message}</Notice>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {user ? 'You can send a new link from your account page.' : 'Sign in to send a new link.'}
        </p>
        <Link to={user ? '/account' : '/auth'} className="btn-secondary w-full py-2.5">
          {user ? 'Go to my account' : 'Sign in'}
        </Link>
      </div>
    </FormShell>
  );
}
