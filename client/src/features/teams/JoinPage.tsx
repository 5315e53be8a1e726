import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import PageLoader from '../../ui/PageLoader';
import { errorMessage } from '../../platform/api';
import { useAuth } from '../accounts';
import { useJoinTeam } from './team';

/** /join?token=: the link in a team invitation. Signed-out visitors sign in or sign up first, then come back here. */
export default function JoinPage() {
  const { t } = useTranslation('team');
  const { user, isAuthenticated, loading } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const join = useJoinTeam(user?.id);

  if (loading) return <PageLoader label={t('loading')} />;
  if (join.isSuccess) return <Navigate to="/team" replace />;
  const back = { from: `${location.pathname}${location.search}` };

  return (
    <div className="page flex justify-center">
      <div className="card w-full max-w-lg p-6 text-center sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{t('join.title')}</h1>
        {!token ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('join.noToken')}</p>
        ) : !isAuthenticated ? (
          <>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('join.signInFirst')}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/auth" state={back} className="btn-primary px-5 py-2.5 text-sm">
                {t('join.signIn')}
              </Link>
              <Link to="/auth?mode=signup" state={back} className="btn-secondary px-5 py-2.5 text-sm">
                {t('join.signUp')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              <Trans
                t={t}
                i18nKey="join.signedInAs"
                values={{ email: user?.email }}
                components={{ strong: <strong className="break-all" /> }}
              />
            </p>
            <button
              type="button"
              className="btn-primary mt-6 px-5 py-2.5 text-sm"
              onClick={() => join.mutate(token)}
              disabled={join.isPending}
            >
              {join.isPending ? t('join.busy') : t('join.submit')}
            </button>
            {join.isError && (
              <p role="alert" className="mt-4 text-sm text-rose-700 dark:text-rose-300">
                {errorMessage(join.error, t('join.failed'))}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
