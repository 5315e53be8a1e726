import { Link } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { UNLIMITED, type UsageSummary } from '@gl/core/types';
import { showClock, useTimeReader } from '../../platform/time-zone';

/** The bar turns warning-coloured at 20% or less remaining. */
export const USAGE_WARNING_RATIO = 0.2;

export type UsageMeterState =
  | { kind: 'loading' }
  | { kind: 'unlimited' }
  | { kind: 'counting'; used: number; limit: number; remaining: number; warning: boolean; upgradeRequired: boolean };

export function usageMeterState(usage: UsageSummary | null | undefined, loading: boolean, fallbackLimit: number): UsageMeterState {
  if (loading && !usage) return { kind: 'loading' };
  const limit = usage?.limit ?? fallbackLimit;
  if (limit === UNLIMITED) return { kind: 'unlimited' };
  const used = usage?.dailyGenerations ?? 0;
  const remaining = usage ? Math.max(0, usage.remaining) : Math.max(0, limit - used);
  const ratio = limit > 0 ? remaining / limit : 0;
  return { kind: 'counting', used, limit, remaining, warning: ratio <= USAGE_WARNING_RATIO, upgradeRequired: remaining <= 0 };
}

export default function UsageMeter({
  usage,
  loading,
  fallbackLimit,
  planName,
}: {
  usage: UsageSummary | null | undefined;
  loading: boolean;
  /** The plan's daily limit, used until the server has said how many are left. */
  fallbackLimit: number;
  planName: string;
}) {
  const { t } = useTranslation('generate');
  const state = usageMeterState(usage, loading, fallbackLimit);
  // The count starts again at the account's own midnight, shown on its clock.
  const reader = useTimeReader();
  return (
    <section
      aria-labelledby="usage-heading"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900/80"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="usage-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
          {t('usage.title')}
        </h2>
        <span className="chip bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-200">
          {t('usage.plan', { plan: planName })}
        </span>
      </div>
      {state.kind === 'loading' && (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" role="status">
          {t('usage.loading')}
        </p>
      )}
      {state.kind === 'unlimited' && (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="usage-unlimited">
          <Trans
            t={t}
            i18nKey="usage.unlimited"
            components={{ b: <span className="font-semibold text-emerald-700 dark:text-emerald-400" /> }}
          />
        </p>
      )}
      {state.kind === 'counting' && (
        <>
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="usage-remaining">
            <Trans
              t={t}
              i18nKey="usage.left"
              values={{ remaining: state.remaining, limit: state.limit }}
              components={{ b: <span className="font-semibold text-slate-900 dark:text-white" /> }}
            />
          </p>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            role="progressbar"
            aria-label={t('usage.leftAria')}
            aria-valuemin={0}
            aria-valuemax={state.limit}
            aria-valuenow={state.remaining}
          >
            <div
              data-warning={state.warning ? 'true' : 'false'}
              className={`h-full rounded-full transition-all ${state.warning ? 'bg-amber-500' : 'bg-violet-500'}`}
              style={{ width: `${state.limit > 0 ? (state.remaining / state.limit) * 100 : 0}%` }}
            />
          </div>
          {usage?.resetsAt && (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400" data-testid="usage-resets">
              {t('usage.resets', { time: showClock(usage.resetsAt, reader) })}
            </p>
          )}
          {state.upgradeRequired && (
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              {t('usage.usedUp')}{' '}
              <Link to="/pricing" className="font-semibold text-violet-700 underline underline-offset-2 dark:text-violet-300">
                {t('usage.upgrade')}
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
