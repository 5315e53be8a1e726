import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CourseCard } from './CourseCard';
import { CourseFilters } from './CourseFilters';
import { PageHeader, secondaryButtonClass } from '../../../ui/PageHeader';
import { useSimulatedAction } from '../use-simulated-action';
import { COURSES, ENROLL_MS, filterCourses, type CourseFilter } from './courses';

const ALL: CourseFilter = { search: '', category: 'all', level: 'all' };

export default function CoursesPage() {
  const { t } = useTranslation('courses');
  const [filter, setFilter] = useState<CourseFilter>(ALL);
  const shown = useMemo(() => filterCourses(COURSES, filter, t), [filter, t]);
  const enroll = useSimulatedAction(ENROLL_MS);

  return (
    <>
      <PageHeader eyebrow={t('header.eyebrow')} title={t('header.title')}>
        {t('header.lead')}
      </PageHeader>
      <section aria-label={t('list.label')} className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <CourseFilters filter={filter} onChange={setFilter} />
        <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          {t('list.count', { shown: shown.length, count: COURSES.length })}
        </p>
        {shown.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
            <p className="text-lg font-semibold text-slate-900 dark:text-white">{t('list.empty')}</p>
            <button type="button" onClick={() => setFilter(ALL)} className={`${secondaryButtonClass} mt-4`}>
              {t('list.clear')}
            </button>
          </div>
        ) : (
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((c) => (
              <CourseCard key={c.id} course={c} status={enroll.statusOf(c.id)} onEnroll={() => enroll.run(c.id)} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
