import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingSaves } from './pending-saves';
import { useRefreshSaved } from './saved';
import { ClockIcon } from '../../ui/icons';

/**
 * On /saved: the lines saved while offline that are still on the device, marked "Pending"; when
 * they have been sent, the library is read again so they appear in it.
 */
export default function PendingSaves() {
  const { t } = useTranslation(['saved', 'catalog']);
  const { entries, outcomes } = usePendingSaves();
  const refreshSaved = useRefreshSaved();
  const sent = Object.keys(outcomes).length;
  const seen = useRef(sent);
  useEffect(() => {
    if (sent === seen.current) return;
    seen.current = sent;
    refreshSaved();
  }, [sent, refreshSaved]);

  if (entries.length === 0) return null;
  return (
    <section
      aria-labelledby="pending-saves-title"
      data-testid="pending-saves"
      className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-500/40 dark:bg-amber-500/10"
    >
      <h2 id="pending-saves-title" className="flex items-center gap-2 text-sm font-semibold text-amber-900 dark:text-amber-100">
        <ClockIcon className="h-4 w-4 shrink-0" />
        {t('pending.title', { count: entries.length })}
      </h2>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-100">{t('pending.body', { count: entries.length })}</p>
      <ul className="mt-3 grid gap-2">
        {entries.map((e) => (
          <li
            key={e.key}
            className="flex flex-wrap items-start justify-between gap-2 rounded-xl bg-white p-3 text-sm dark:bg-slate-900/70"
            data-testid="pending-save-item"
          >
            <span className="min-w-0 flex-1 break-words text-slate-900 dark:text-slate-100">{e.text}</span>
            <span className="chip shrink-0 bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-100">
              {t('pending.badge')}
              <span className="sr-only">{t('pending.badgeSr', { category: t(`catalog:category.${e.category}.name`) })}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
