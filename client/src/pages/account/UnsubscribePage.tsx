import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api, errorMessage } from '../../lib/api';
import { FormShell } from '../../components/account/FormShell';
import { Notice } from '../../components/forms/Notice';

/** /unsubscribe?token=: the visible link in every newsletter e-mail. One button, no sign-in. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [status, setStatus] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState(token ? '' : 'This link is missing its token. Use the link from the newsletter e-mail.');

  const unsubscribe = async () => {
    setStatus('busy');
    setError('');
    try {
      await api('/newsletter/unsubscribe', { method: 'POST', body: { token }, sessionHandling: false });
      setStatus('done');
    } catch (err) {
      setError(errorMessage(err, 'Could not unsubscribe. Please try again.'));
      setStatus('idle');
    }
  };

  return (
    <FormShell title="Unsubscribe from the newsletter" lead="You will no longer get the Genius Lines newsletter at this address.">
      <div className="grid gap-4">
        {status === 'done' ? (
          <>
            <Notice kind="success">You are unsubscribed. Changed your mind? Subscribe again at the bottom of any page.</Notice>
            <Link to="/" className="btn-secondary w-full py-2.5">
              Back to Genius Lines
            </Link>
          </>
        ) : (
          <>
            {error && <Notice kind="error">{error}</Notice>}
            <button
              type="button"
              className="btn-primary w-full py-2.5"
              disabled={!token || status === 'busy'}
              onClick={() => void unsubscribe()}
            >
              {status === 'busy' ? 'Unsubscribing...' : 'Unsubscribe'}
            </button>
          </>
        )}
      </div>
    </FormShell>
  );
}
