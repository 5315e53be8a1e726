import { useTranslation } from 'react-i18next';
import type { CampaignDto, CampaignExportFormat } from '@gl/core/types';
import { errorMessage } from '../../platform/api';
import ShareForApproval from '../approvals/ShareForApproval';
import { EXPORT_LABELS, shortDate, useCampaignExport, usePutCampaignLine } from './campaigns';
import { DownloadIcon } from '../../ui/icons';
import CampaignLineCard from './CampaignLineCard';

/** Platforms side by side from this many columns' room; a phone stacks everything. */
const COLUMNS: Record<number, string> = {
  1: 'sm:grid-cols-1',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
};

/**
 * The campaign as a calendar: one row per day (its date, then its platforms' lines side by side
 * on wider screens, stacked on a phone), filled in live as the lines are written; export buttons on top.
 */
export default function CampaignCalendar({ campaign, userId }: { campaign: CampaignDto; userId: string }) {
  const { t } = useTranslation(['campaigns', 'catalog']);
  const putLine = usePutCampaignLine(userId, campaign.id);
  const exporting = useCampaignExport(campaign.id);
  const days = Array.from({ length: campaign.days }, (_, day) => campaign.lines.filter((l) => l.day === day));
  const running = campaign.status === 'running';
  const occasion = campaign.occasion ? t(`catalog:occasion.${campaign.occasion}`) : t('page.campaign');
  const busy = exporting.isPending ? exporting.variables : null;
  const omitted = exporting.data ?? 0;
  const error = exporting.error ? errorMessage(exporting.error, t('calendar.exportFailed')) : '';
  const notice =
    omitted > 0 && exporting.variables ? t('calendar.omitted', { count: omitted, format: EXPORT_LABELS[exporting.variables] }) : '';

  return (
    <section aria-labelledby="campaign-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="campaign-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            {occasion}: {shortDate(campaign.startsOn)}
            {campaign.days > 1 ? ` – ${shortDate(campaign.lines.at(-1)?.date ?? campaign.startsOn)}` : ''}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="campaign-progress">
            {running
              ? t('calendar.writing', { done: campaign.done, total: campaign.total })
              : t('calendar.written', { done: campaign.done, total: campaign.total })}
            {campaign.failed > 0 ? t('calendar.failed', { count: campaign.failed }) : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ShareForApproval source={{ campaignId: campaign.id }} defaultTitle={occasion} disabled={running || campaign.done === 0} />
        </div>
        <div className="flex flex-wrap gap-2" aria-label={t('calendar.export')}>
          {(Object.keys(EXPORT_LABELS) as CampaignExportFormat[]).map((f) => (
            <button
              key={f}
              type="button"
              className="btn-secondary tap px-3 py-2 text-sm"
              disabled={busy !== null || running}
              onClick={() => exporting.mutate(f)}
            >
              <DownloadIcon className="h-4 w-4" />
              {busy === f ? t('calendar.exporting') : EXPORT_LABELS[f]}
            </button>
          ))}
        </div>
      </div>
      {(error || notice) && (
        <p
          role={error ? 'alert' : 'status'}
          className={`text-sm ${error ? 'text-rose-700 dark:text-rose-300' : 'text-slate-700 dark:text-slate-300'}`}
        >
          {error || notice}
        </p>
      )}
      <ol className="grid gap-4">
        {days.map((lines, day) => (
          <li key={day} className="grid gap-2 sm:grid-cols-[7rem_minmax(0,1fr)] sm:gap-4" data-testid="campaign-day">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
              <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">{t('calendar.day', { n: day + 1 })}</span>
              {lines[0] ? shortDate(lines[0].date) : ''}
              {campaign.occasionDate && lines[0]?.date === campaign.occasionDate ? (
                <span className="chip ml-1 bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-200 sm:ml-0 sm:mt-1">
                  {occasion}
                </span>
              ) : null}
            </h3>
            <div className={`grid min-w-0 gap-2 ${COLUMNS[campaign.platforms.length] ?? 'sm:grid-cols-2'}`}>
              {lines.map((line) => (
                <CampaignLineCard
                  key={line.id}
                  campaignId={campaign.id}
                  tone={campaign.tone}
                  language={campaign.language}
                  line={line}
                  onChange={putLine}
                />
              ))}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
