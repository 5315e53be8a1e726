import { Suspense } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useAnalytics } from '../lines';
import { lazyChunk } from '../../platform/lazy-page';

const UsageChart = lazyChunk(() => import('./UsageChart'));

/** Plans with analytics: generations over the last 30 days (GET /api/users/analytics). */
export default function AnalyticsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('saved');
  const analytics = useAnalytics(userId);
  if (analytics.isError) {
    console.error('Loading analytics failed', analytics.error);
    return null;
  }
  return (
    <section aria-labelledby="analytics-heading" className="card mt-8 p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="analytics-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          {t('analytics.title')}
        </h2>
        {analytics.data && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <Trans
              t={t}
              i18nKey="analytics.summary"
              values={{ generations: analytics.data.totalGenerations, saved: analytics.data.savedCount }}
              components={{ b: <span className="font-semibold text-slate-900 dark:text-white" /> }}
            />
          </p>
        )}
      </div>
      <div className="mt-4">
        {analytics.data ? (
          <Suspense fallback={<div className="h-48 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800/60" />}>
            <UsageChart days={analytics.data.days} />
          </Suspense>
        ) : (
          <div className="h-48 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800/60" />
        )}
      </div>
    </section>
  );
}
