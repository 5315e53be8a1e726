import { useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import PageLoader from '../components/PageLoader';
import { api, errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { teamKey } from '../lib/team';

/** /join?token=: the link in a team invitation. Signed-out visitors sign in or sign up first, then come back here. */
export default function JoinPage() {
  const { user, isAuthenticated, loading } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const qc = useQueryClient();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ status: 'idle' | 'joining' | 'joined' } | { status: 'error'; message: string }>({ status: 'idle' });

  if (loading) return <PageLoader />;
  if (state.status === 'joined') return <Navigate to="/team" replace />;
  const back = { from: `${location.pathname}${location.search}` };

  const join = async () => {
    setState({ status: 'joining' });
    try {
      const team = await api('/teams/join', { method: 'POST', body: { token } });
      qc.setQueryData(teamKey(user?.id, 'current'), team);
      setState({ status: 'joined' });
    } catch (err) {
      setState({ status: 'error', message: errorMessage(err, 'Could not join the team') });
    }
  };

  return (
    <div className="page flex justify-center">
      <div className="card w-full max-w-lg p-6 text-center sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Join your team</h1>
        {!token ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            This link has no invitation in it. Open the link from your invitation e-mail.
          </p>
        ) : !isAuthenticated ? (
          <>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              Sign in, or create an account, with the e-mail address the invitation was sent to. You come straight back here to join.
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/auth" state={back} className="btn-primary px-5 py-2.5 text-sm">
                Sign In
              </Link>
              <Link to="/auth?mode=signup" state={back} className="btn-secondary px-5 py-2.5 text-sm">
                Sign Up
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              You are signed in as <strong className="break-all">{user?.email}</strong>.
            </p>
            <button
              type="button"
              className="btn-primary mt-6 px-5 py-2.5 text-sm"
              onClick={() => void join()}
              disabled={state.status === 'joining'}
            >
              {state.status === 'joining' ? 'Joining...' : 'Join team'}
            </button>
            {state.status === 'error' && (
              <p role="alert" className="mt-4 text-sm text-rose-700 dark:text-rose-300">
                {state.message}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
