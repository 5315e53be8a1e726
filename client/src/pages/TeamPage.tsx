import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { TEAM_NAME_MAX, type CurrentTeamDto } from '@gl/core/types';
import NeedsConnection from '../components/NeedsConnection';
import PageLoader from '../components/PageLoader';
import SignInWall from '../components/saved/SignInWall';
import MembersPanel from '../components/team/MembersPanel';
import TeamLibrary from '../components/team/TeamLibrary';
import { ApiError, api, errorMessage } from '../lib/api';
import { useOnline } from '../lib/app-status';
import { useAuth } from '../lib/auth';
import { useLiveConnection } from '../lib/socket';
import { teamKey, useCurrentTeam, useTeamLiveUpdates } from '../lib/team';

export default function TeamPage() {
  const { user, isAuthenticated, loading } = useAuth();
  if (loading) return <PageLoader />;
  if (!isAuthenticated || !user) return <SignInWall />;
  return <Team userId={user.id} />;
}

function Team({ userId }: { userId: string }) {
  useLiveConnection();
  useTeamLiveUpdates(userId);
  const current = useCurrentTeam(userId);
  const [tab, setTab] = useState<'members' | 'library'>('members');

  if (current.isPending) return <PageLoader />;
  if (current.isError)
    return (
      <div className="page">
        <p role="alert" className="card p-6 text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(current.error, 'Could not load your team. Please try again.')}
        </p>
      </div>
    );
  if (!current.data) return <CreateTeam userId={userId} />;
  const data: CurrentTeamDto = current.data;

  return (
    <div className="page">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-violet-700 dark:text-violet-300">Your team</p>
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{data.team.name}</h1>
        </div>
        <p className="chip bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300" data-testid="seats">
          {data.team.seatsUsed} of {data.team.seats} seats used
        </p>
      </header>
      {!data.team.active && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          This team is read-only: the owner&apos;s Business plan is not active. Everything is kept; renew the plan to make changes.
        </p>
      )}
      <div role="tablist" aria-label="Team" className="mt-6 flex gap-2 border-b border-slate-200 dark:border-slate-800">
        {(
          [
            ['members', 'Members'],
            ['library', 'Shared library'],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            role="tab"
            type="button"
            aria-selected={tab === id}
            onClick={() => setTab(id)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              tab === id
                ? 'border-violet-600 text-violet-700 dark:text-violet-300'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="mt-6">
        {tab === 'members' ? <MembersPanel userId={userId} current={data} /> : <TeamLibrary userId={userId} current={data} />}
      </div>
    </div>
  );
}

function CreateTeam({ userId }: { userId: string }) {
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<{ message: string; upgrade: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await api('/teams', { method: 'POST', body: { name } });
      qc.setQueryData(teamKey(userId, 'current'), created);
    } catch (err) {
      setError({
        message: errorMessage(err, 'Could not create the team'),
        upgrade: err instanceof ApiError && err.code === 'PLAN_REQUIRED',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page flex justify-center">
      <form onSubmit={(e) => void submit(e)} className="card w-full max-w-lg p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Team collaboration</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Work on lines together: a shared library that updates live for everyone, with up to 5 seats (you included). Members get the
          Business plan&apos;s features while your Business plan is active.
        </p>
        <label htmlFor="team-name" className="field-label mt-6">
          Team name
        </label>
        <input id="team-name" className="field" value={name} maxLength={TEAM_NAME_MAX} onChange={(e) => setName(e.target.value)} required />
        {error && (
          <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
            {error.message}{' '}
            {error.upgrade && (
              <Link to="/pricing" className="font-semibold underline underline-offset-2">
                See plans
              </Link>
            )}
          </p>
        )}
        <NeedsConnection action="Creating a team" className="mt-3" />
        <button type="submit" className="btn-primary mt-5 w-full py-2.5 text-sm" disabled={busy || !online}>
          {busy ? 'Creating...' : 'Create team'}
        </button>
      </form>
    </div>
  );
}
