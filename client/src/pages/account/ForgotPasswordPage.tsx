import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api, errorMessage } from '../../lib/api';
import { FormShell } from '../../components/account/FormShell';
import { Notice } from '../../components/forms/Notice';

/** /forgot-password: asks for a reset link. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState('');
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await api('/auth/forgot-password', { method: 'POST', body: { email: email.trim() }, sessionHandling: false });
      setSentTo(email.trim());
    } catch (err) {
      setError(errorMessage(err, 'Could not send the link. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormShell
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new one."
    >
      {sentTo ? (
        <div className="grid gap-4">
          <Notice kind="success">
            If an account uses <strong>{sentTo}</strong>, a reset link is on its way. It works for 30 minutes. Check your spam folder too.
          </Notice>
          <button type="button" className="btn-secondary w-full py-2.5" onClick={() => setSentTo('')}>
            Send another link
          </button>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="grid gap-4">
          <div>
            <label htmlFor={id} className="field-label">
              Email
            </label>
            <input
              id={id}
              type="email"
              className="field"
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          {error && <Notice kind="error">{error}</Notice>}
          <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Remembered it?{' '}
        <Link to="/auth" className="font-semibold text-violet-700 underline-offset-2 hover:underline dark:text-violet-300">
          Sign in
        </Link>
      </p>
    </FormShell>
  );
}
