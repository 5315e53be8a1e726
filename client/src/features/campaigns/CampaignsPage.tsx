import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CreateCampaignBody } from '@gl/core/types';
import PageLoader from '../../ui/PageLoader';
import { SignInWall } from '../library';
import CampaignCalendar from './CampaignCalendar';
import CampaignForm from './CampaignForm';
import { errorMessage } from '../../platform/api';
import { useAuth } from '../accounts';
import { shortDate, useCampaign, useCampaigns, useCreateCampaign } from './campaigns';
import { planThatAllows, useCurrentPlan } from '../billing';

export default function CampaignsPage() {
  const { user, isAuthenticated, loading } = useAuth();
  if (loading) return <PageLoader />;
  if (!isAuthenticated || !user) return <SignInWall />;
  return <Campaigns userId={user.id} />;
}

/** /campaigns: plan a week of lines for an occasion, watch it fill in, export it for the ad platforms. */
function Campaigns({ userId }: { userId: string }) {
  const { t } = useTranslation(['campaigns', 'catalog']);
  const plan = useCurrentPlan();
  const allowed = plan.limits.campaigns;
  const [params, setParams] = useSearchParams();
  const selected = params.get('id');
  const list = useCampaigns(userId, allowed);
  const campaign = useCampaign(userId, selected);
  const creating = useCreateCampaign(userId);
  const error = creating.error ? errorMessage(creating.error, t('page.planFailed')) : '';
  const calendar = useRef<HTMLDivElement>(null);

  const start = (body: CreateCampaignBody) =>
    creating.mutate(body, {
      onSuccess: ({ id }) => {
        setParams({ id });
        // On a phone the calendar is below the form: bring it into view to watch it fill.
        calendar.current?.scrollIntoView({ block: 'start' });
      },
    });

  const withCampaigns = planThatAllows((p) => p.limits.campaigns);
  return (
    <div className="page">
      <h1 className="page-title">{t('page.title')}</h1>
      <p className="page-lead">{t('page.lead')}</p>

      {!allowed ? (
        <div className="card mt-8 max-w-xl p-6">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('page.locked', { plan: t(`catalog:plan.${withCampaigns?.id ?? 'pro'}`), business: t('catalog:plan.business') })}
          </p>
          <Link to="/pricing" className="btn-primary tap mt-4 inline-flex px-5 py-2.5 text-sm">
            {t('page.upgrade')}
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <div className="grid h-fit gap-6">
            <CampaignForm plan={plan} busy={creating.isPending} onSubmit={start} />
            {error && (
              <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
                {error}
              </p>
            )}
            {(list.data?.length ?? 0) > 0 && (
              <nav aria-labelledby="past-campaigns">
                <h2 id="past-campaigns" className="text-sm font-semibold text-slate-900 dark:text-white">
                  {t('page.yours')}
                </h2>
                <ul className="mt-2 grid gap-1">
                  {list.data!.map((c) => (
                    <li key={c.id}>
                      <button
                        type="button"
                        className={`tap w-full rounded-lg px-3 py-2 text-left text-sm ${
                          c.id === selected
                            ? 'bg-violet-50 text-violet-900 dark:bg-violet-500/10 dark:text-violet-100'
                            : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                        }`}
                        aria-current={c.id === selected ? 'true' : undefined}
                        onClick={() => setParams({ id: c.id })}
                      >
                        {t('page.item', {
                          name: c.occasion ? t(`catalog:occasion.${c.occasion}`) : t('page.campaign'),
                          date: shortDate(c.startsOn),
                          count: c.days,
                        })}
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          {c.status === 'running' ? t('page.writing') : t('page.linesDone', { done: c.done, total: c.total })}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </div>
          <div className="min-w-0 scroll-mt-20" ref={calendar}>
            {campaign.data ? (
              <CampaignCalendar campaign={campaign.data} userId={userId} />
            ) : selected && campaign.isError ? (
              <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
                {errorMessage(campaign.error, t('page.loadFailed'))}
              </p>
            ) : selected ? (
              <PageLoader />
            ) : (
              <p className="card p-6 text-sm text-slate-600 dark:text-slate-400">{t('page.empty')}</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
