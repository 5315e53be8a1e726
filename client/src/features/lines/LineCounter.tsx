import { useTranslation } from 'react-i18next';
import type { LineFit } from './measure-line';

/** "42 / 125" under a line: red past the limit (and said so to a screen reader); for SMS, what cut a segment to 70. */
export default function LineCounter({ fit, id }: { fit: LineFit; id?: string }) {
  const { t } = useTranslation('generate');
  return (
    <p id={id} data-testid="line-counter" data-over={fit.over ? 'true' : undefined} className="mt-1.5 text-xs">
      <span
        className={`tabular-nums ${fit.over ? 'font-semibold text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {fit.count} / {fit.limit}
        <span className="sr-only">
          {t('counter.characters')}
          {fit.over ? t('counter.overBy', { count: fit.count - fit.limit }) : ''}
        </span>
        {fit.over && <span aria-hidden="true">{t('counter.over')}</span>}
      </span>
      {fit.nonGsm && (
        <span className="mt-0.5 block text-amber-800 dark:text-amber-200" data-testid="sms-segment-note">
          {t('counter.nonGsm', { char: fit.nonGsm.char, segment: fit.nonGsm.segment })}
        </span>
      )}
    </p>
  );
}
