import { useTranslation } from 'react-i18next';
import { EVENT_TYPE_KEY, formatEventDate, type CommunityEvent } from './community';
import { formatUsd } from '../price';
import { intlLocale } from '../../../platform/i18n/i18n';
import { cardClass, primaryButtonClass, successButtonClass } from '../../../ui/PageHeader';
import type { SimulatedStatus } from '../use-simulated-action';

const TYPE_STYLES: Record<CommunityEvent['type'], string> = {
  Workshop: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  'Live Session': 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  Masterclass: 'bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-500/15 dark:text-fuchsia-300',
};

export function EventCard({ event, status, onRegister }: { event: CommunityEvent; status: SimulatedStatus; onRegister(): void }) {
  const { t } = useTranslation('community');
  const locale = intlLocale();
  const titleId = `event-${event.id}-title`;
  const title = t(`event.${event.id}.title`);
  return (
    <article aria-labelledby={titleId} className={`${cardClass} flex flex-col p-6`}>
      <div className="flex items-center justify-between gap-2">
        <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${TYPE_STYLES[event.type]}`}>
          {t(`events.type.${EVENT_TYPE_KEY[event.type]}`)}
        </span>
        <span className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {t('events.spots', { count: event.spots, n: event.spots.toLocaleString(locale) })}
        </span>
      </div>
      <h3 id={titleId} className="mt-4 text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h3>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(`event.${event.id}.description`)}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t('events.date')}</dt>
          <dd className="font-semibold text-slate-900 dark:text-slate-100">
            <time dateTime={event.date}>{formatEventDate(event.date, locale)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t('events.time')}</dt>
          <dd className="font-semibold text-slate-900 dark:text-slate-100">{event.time}</dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-3 pt-6">
        <p className="text-2xl font-extrabold text-slate-900 dark:text-white">{formatUsd(event.price, locale)}</p>
        <button
          type="button"
          onClick={onRegister}
          disabled={status !== 'idle'}
          className={status === 'done' ? successButtonClass : primaryButtonClass}
        >
          {status === 'working' ? t('events.registering') : status === 'done' ? t('events.registered') : t('events.register')}
          <span className="sr-only">: {title}</span>
        </button>
      </div>
    </article>
  );
}
