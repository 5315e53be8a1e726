import { useTranslation } from 'react-i18next';
import { courseText, type Course } from './courses';
import { formatUsd } from '../price';
import { intlLocale } from '../../../platform/i18n/i18n';
import { MarketingIcon } from '../MarketingIcon';
import { cardClass, primaryButtonClass, successButtonClass } from '../../../ui/PageHeader';
import type { SimulatedStatus } from '../use-simulated-action';
import { TickList } from '../TickList';

/** Drawn marks, hidden from screen readers: not words. */
const STAR = '★';

const LEVEL_STYLES: Record<Course['level'], string> = {
  Beginner: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  Intermediate: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  Advanced: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300',
};

export function CourseCard({ course, status, onEnroll }: { course: Course; status: SimulatedStatus; onEnroll(): void }) {
  const { t } = useTranslation('courses');
  const text = courseText(course, t);
  const locale = intlLocale();
  const titleId = `course-${course.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={`${cardClass} flex flex-col overflow-hidden transition hover:-translate-y-0.5 hover:shadow-lg`}
    >
      <div className={`relative grid h-40 place-items-center bg-gradient-to-br ${course.thumbnail.gradient}`} aria-hidden="true">
        <MarketingIcon name={course.thumbnail.icon} className="h-16 w-16 text-white drop-shadow-md" />
        <span className="absolute top-3 left-3 rounded-full bg-black/50 px-2.5 py-1 text-xs font-semibold text-white">{text.category}</span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className={`rounded-full px-2.5 py-1 font-semibold ${LEVEL_STYLES[course.level]}`}>{text.level}</span>
          <span className="text-slate-600 dark:text-slate-400">{t('card.weeks', { count: course.weeks })}</span>
        </div>
        <h3 id={titleId} className="mt-3 text-lg font-bold text-slate-900 dark:text-white">
          {text.title}
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('card.by', { name: text.instructor })}</p>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{text.description}</p>
        <TickList items={text.features} className="mt-4 space-y-1.5 text-sm text-slate-700 dark:text-slate-300" />
        <div className="mt-4 flex items-center gap-4 text-sm text-slate-600 dark:text-slate-400">
          <span>
            <span aria-hidden="true" className="text-amber-500">
              {STAR}
            </span>{' '}
            <span className="font-semibold text-slate-800 dark:text-slate-200">
              {new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(course.rating)}
            </span>
            <span className="sr-only">{t('card.outOf')}</span>
          </span>
          <span>{t('card.students', { count: course.students, n: course.students.toLocaleString(locale) })}</span>
        </div>
        <div className="mt-auto flex items-center justify-between gap-3 pt-5">
          <p className="text-2xl font-extrabold text-slate-900 dark:text-white">{formatUsd(course.price, locale)}</p>
          <button
            type="button"
            onClick={onEnroll}
            disabled={status !== 'idle'}
            className={status === 'done' ? successButtonClass : primaryButtonClass}
          >
            {status === 'working' ? t('card.enrolling') : status === 'done' ? t('card.enrolled') : t('card.enroll')}
            <span className="sr-only">: {text.title}</span>
          </button>
        </div>
      </div>
    </article>
  );
}
