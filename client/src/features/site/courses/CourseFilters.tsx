import { useTranslation } from 'react-i18next';
import { COURSE_CATEGORIES, COURSE_LEVELS, type CourseFilter } from './courses';
import { inputClass } from '../../../ui/PageHeader';

export function CourseFilters({ filter, onChange }: { filter: CourseFilter; onChange(next: CourseFilter): void }) {
  const { t } = useTranslation('courses');
  return (
    <div role="search" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
      <div>
        <label htmlFor="course-search" className="sr-only">
          {t('filters.search')}
        </label>
        <input
          id="course-search"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('filters.searchPlaceholder')}
          value={filter.search}
          onChange={(e) => onChange({ ...filter, search: e.target.value })}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="course-category" className="sr-only">
          {t('filters.category')}
        </label>
        <select
          id="course-category"
          value={filter.category}
          onChange={(e) => onChange({ ...filter, category: e.target.value as CourseFilter['category'] })}
          className={inputClass}
        >
          <option value="all">{t('filters.allCategories')}</option>
          {COURSE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`category.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="course-level" className="sr-only">
          {t('filters.level')}
        </label>
        <select
          id="course-level"
          value={filter.level}
          onChange={(e) => onChange({ ...filter, level: e.target.value as CourseFilter['level'] })}
          className={inputClass}
        >
          <option value="all">{t('filters.allLevels')}</option>
          {COURSE_LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`level.${l}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
