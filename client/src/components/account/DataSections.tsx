import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, apiResponse, errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/app-status';
import { useAuth } from '../../lib/auth';
import { Notice } from '../forms/Notice';
import { Field } from '../forms/Field';
import { Section } from './Section';

/** Saves a Response as a file (the server names it in Content-Disposition). */
async function saveDownload(res: Response, fallbackName: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ExportSection() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const online = useOnline();
  const download = async () => {
    setBusy(true);
    setError('');
    try {
      await saveDownload(await apiResponse('/users/export'), 'genius-lines-export.json');
    } catch (err) {
      setError(errorMessage(err, 'Could not prepare your data. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section
      title="Download my data"
      needs="Downloading your data"
      lead="One JSON file with your profile, saved lines, generations, payments, subscriptions, newsletter status and API keys (without secrets)."
    >
      {error && (
        <div className="mb-3">
          <Notice kind="error">{error}</Notice>
        </div>
      )}
      <button type="button" className="btn-secondary px-4 py-2.5" disabled={busy || !online} onClick={() => void download()}>
        {busy ? 'Preparing...' : 'Download my data'}
      </button>
    </Section>
  );
}

export function DeleteAccountSection() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const ids = { password: useId(), confirm: useId() };
  const typed = confirm === 'DELETE';
  const online = useOnline();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !typed || !online) return;
    setBusy(true);
    setError('');
    try {
      await api('/users/account', { method: 'DELETE', body: { password, confirm } });
      // The app's normal sign-out path, so everything kept for this user in the browser is cleared too.
      logout();
      navigate('/', { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'Could not delete your account. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Section
      danger
      title="Delete account"
      needs="Deleting your account"
      lead="Your saved lines, generations, API keys and sessions are deleted for good. Payment records are kept for accounting, without your name or email."
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:max-w-md">
        <Field
          id={ids.password}
          label="Your password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          maxLength={1024}
        />
        <Field id={ids.confirm} label='Type "DELETE" to confirm' value={confirm} onChange={setConfirm} autoComplete="off" maxLength={10} />
        {error && <Notice kind="error">{error}</Notice>}
        <div>
          <button type="submit" className="btn-danger px-4 py-2.5" disabled={busy || !typed || !password || !online}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </button>
        </div>
      </form>
    </Section>
  );
}
