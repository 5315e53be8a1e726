import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../platform/api';
import PageLoader from '../../ui/PageLoader';
import { useAuth } from '../accounts/auth';
import SignInWall from '../library/SignInWall';
import { unlockPlan } from '../lines/UpgradeHint';
import ApprovalPanel from './ApprovalPanel';
import { STATUS_STYLE } from './approval-status';
import { useApproval, useApprovals, useApprovalsLive } from './approvals';
import { canShareForApproval } from './ShareForApproval';

export default function ApprovalsPage() {
  const { user, isAuthenticated, loading } = useAuth();
  if (loading) return <PageLoader />;
  if (!isAuthenticated || !user) return <SignInWall />;
  return <Approvals userId={user.id} allowed={canShareForApproval(user.planId)} />;
}

/**
 * /approvals: the links the member and their team shared with clients, each line's state and the
 * clients' decisions and comments as they arrive. A page of its own (in the account menu beside the
 * team), because a link outlives the generation, campaign or selection it was made from, and the
 * creator's summary e-mail links here (`/approvals?id=`).
 */
function Approvals({ userId, allowed }: { userId: string; allowed: boolean }) {
  const { t } = useTranslation(['approvals', 'catalog']);
  const [params, setParams] = useSearchParams();
  const selected = params.get('id');
  useApprovalsLive(userId);
  const list = useApprovals(userId, allowed);
  const approval = useApproval(userId, allowed ? selected : null);

  return (
    <div className="page">
      <h1 className="page-title">{t('list.title')}</h1>
      <p className="page-lead">{t('list.lead')}</p>
      {!allowed ? (
        <div className="card mt-8 max-w-xl p-6">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('share.upgrade', { plan: t(`catalog:plan.${unlockPlan((p) => p.limits.teamCollaboration)}`) })}
          </p>
          <Link to="/pricing" className="btn-primary tap mt-4 inline-flex px-5 py-2.5 text-sm">
            {t('share.seePlans')}
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <nav aria-labelledby="approval-links" className="h-fit">
            <h2 id="approval-links" className="text-sm font-semibold text-slate-900 dark:text-white">
              {t('list.links')}
            </h2>
            {list.isError && (
              <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
                {errorMessage(list.error, t('list.loadFailed'))}
              </p>
            )}
            {list.data?.length === 0 && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('list.none')}</p>}
            <ul className="mt-2 grid gap-1" data-testid="approval-list">
              {list.data?.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    className={`tap w-full rounded-lg px-3 py-2 text-left text-sm ${
                      a.id === selected
                        ? 'bg-violet-50 text-violet-900 dark:bg-violet-500/10 dark:text-violet-100'
                        : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                    }`}
                    aria-current={a.id === selected ? 'true' : undefined}
                    onClick={() => setParams({ id: a.id })}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="min-w-0 truncate font-medium">{a.title}</span>
                      <span className={`chip shrink-0 ${STATUS_STYLE[a.status]}`}>{t(`status.${a.status}`)}</span>
                    </span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {t('list.counts', { approved: a.counts.approved, changes: a.counts.changesRequested, pending: a.counts.pending })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="min-w-0">
            {approval.data ? (
              <ApprovalPanel approval={approval.data} userId={userId} />
            ) : selected && approval.isError ? (
              <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
                {errorMessage(approval.error, t('list.loadFailed'))}
              </p>
            ) : selected ? (
              <PageLoader />
            ) : (
              <p className="card p-6 text-sm text-slate-600 dark:text-slate-400">{t('list.pick')}</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
