import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { AuthResult } from '@gl/core/types';
import { api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { FormShell } from '../../components/account/FormShell';
import { Notice } from '../../components/forms/Notice';
import { PASSWORD_HINT } from '../../components/auth/AuthForm';

/** /reset-password?token=: choose a new password; success signs this browser in (every other session ends). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { acceptSession } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const ids = { password: useId(), confirm: useId(), hint: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (password !== confirm) return setError('The two passwords do not match.');
    setBusy(true);
    setError('');
    try {
      const result = await api<AuthResult>('/auth/reset-password', { method: 'POST', body: { token, password }, sessionHandling: false });
      acceptSession(result);
      navigate('/account', {
        replace: true,
        state: {
          notice:
            'Your password has been changed and you are signed in. Every other device was signed out and your API keys were revoked: ' +
            'create new ones on the API page if an integration uses them.',
        },
      });
    } catch (err) {
      setError(errorMessage(err, 'Could not reset the password. Please try again.'));
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <FormShell title="Reset link missing" lead="Open the link from the email we sent you, or ask for a new one.">
        <Link to="/forgot-password" className="btn-primary w-full py-2.5">
          Request a new link
        </Link>
      </FormShell>
    );
  }

  return (
    <FormShell
      title="Choose a new password"
      lead="Every other device signed in to your account will be signed out, and your API keys will be revoked."
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-4">
        <div>
          <label htmlFor={ids.password} className="field-label">
            New password
          </label>
          <input
            id={ids.password}
            type="password"
            className="field"
            autoComplete="new-password"
            required
            minLength={6}
            maxLength={128}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={ids.hint}
          />
          <p id={ids.hint} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
            {PASSWORD_HINT}
          </p>
        </div>
        <div>
          <label htmlFor={ids.confirm} className="field-label">
            Repeat new password
          </label>
          <input
            id={ids.confirm}
            type="password"
            className="field"
            autoComplete="new-password"
            required
            maxLength={128}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        {error && (
          <Notice kind="error">
            {error}{' '}
            {/link/i.test(error) && (
              <Link to="/forgot-password" className="font-semibold underline">
                Request a new link
              </Link>
            )}
          </Notice>
        )}
        <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
          {busy ? 'Saving...' : 'Set new password'}
        </button>
      </form>
    </FormShell>
  );
}
