import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TEAM_NAME_MAX, type CurrentTeamDto } from '@gl/core/types';
import NeedsConnection from '../../ui/NeedsConnection';
import PageLoader from '../../ui/PageLoader';
import { SignInWall } from '../library';
import MembersPanel from './MembersPanel';
import TeamLibrary from './TeamLibrary';
import { Field } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';
import { ApiError, errorMessage } from '../../platform/api';
import { useOnline } from '../../platform/app-status';
import { useAuth } from '../accounts';
import { useLiveConnection } from '../../platform/socket';
import { useCreateTeam, useCurrentTeam, useTeamLiveUpdates } from './team';

export default function TeamPage() {
  const { t } = useTranslation('team');
  const { user, isAuthenticated, loading } = useAuth();
  if (loading) return <PageLoader label={t('loading')} />;
  if (!isAuthenticated || !user) return <SignInWall />;
  return <Team userId={user.id} />;
}

function Team({ userId }: { userId: string }) {
  const { t } = useTranslation('team');
  useLiveConnection();
  useTeamLiveUpdates(userId);
  const current = useCurrentTeam(userId);
  const [tab, setTab] = useState<'members' | 'library'>('members');

  if (current.isPending) return <PageLoader label={t('loading')} />;
  if (current.isError)
    return (
      <div className="page">
        <p role="alert" className="card p-6 text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(current.error, t('loadFailed'))}
        </p>
      </div>
    );
  if (!current.data) return <CreateTeam userId={userId} />;
  const data: CurrentTeamDto = current.data;
  const tabs = [
    ['members', t('tabs.members')],
    ['library', t('tabs.library')],
  ] as const;

  return (
    <div className="page">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-violet-700 dark:text-violet-300">{t('yourTeam')}</p>
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{data.team.name}</h1>
        </div>
        <p className="chip bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300" data-testid="seats">
          {t('seats', { used: data.team.seatsUsed, count: data.team.seats })}
        </p>
      </header>
      {!data.team.active && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          {t('readOnly')}
        </p>
      )}
      <div role="tablist" aria-label={t('tabs.label')} className="mt-6 flex gap-2 border-b border-slate-200 dark:border-slate-800">
        {tabs.map(([id, label]) => (
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
  const { t } = useTranslation('team');
  const create = useCreateTeam(userId);
  const [name, setName] = useState('');
  const online = useOnline();
  const upgrade = create.error instanceof ApiError && create.error.code === 'PLAN_REQUIRED';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name);
  };

  return (
    <div className="page flex justify-center">
      <form onSubmit={submit} className="card w-full max-w-lg p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{t('create.title')}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('create.lead')}</p>
        <Field id="team-name" className="mt-6" label={t('create.name')} value={name} maxLength={TEAM_NAME_MAX} onChange={setName} />
        {create.isError && (
          <Notice kind="error" className="mt-3">
            {errorMessage(create.error, t('create.failed'))}{' '}
            {upgrade && (
              <Link to="/pricing" className="font-semibold underline underline-offset-2">
                {t('create.seePlans')}
              </Link>
            )}
          </Notice>
        )}
        <NeedsConnection action={t('create.needs')} className="mt-3" />
        <button type="submit" className="btn-primary mt-5 w-full py-2.5 text-sm" disabled={create.isPending || !online}>
          {create.isPending ? t('create.busy') : t('create.submit')}
        </button>
      </form>
    </div>
  );
}
