import { COURSE_CATEGORIES, COURSE_LEVELS, type CourseFilter } from '../../content/courses';
import { inputClass } from '../marketing/PageHeader';

export function CourseFilters({ filter, onChange }: { filter: CourseFilter; onChange(next: CourseFilter): void }) {
  return (
    <div role="search" aria-label="Filter courses" className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
      <div>
        <label htmlFor="course-search" className="sr-only">
          Search courses
        </label>
        <input
          id="course-search"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Search courses..."
          value={filter.search}
          onChange={(e) => onChange({ ...filter, search: e.target.value })}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="course-category" className="sr-only">
          Category
        </label>
        <select
          id="course-category"
          value={filter.category}
          onChange={(e) => onChange({ ...filter, category: e.target.value as CourseFilter['category'] })}
          className={inputClass}
        >
          <option value="all">All Categories</option>
          {COURSE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="course-level" className="sr-only">
          Level
        </label>
        <select
          id="course-level"
          value={filter.level}
          onChange={(e) => onChange({ ...filter, level: e.target.value as CourseFilter['level'] })}
          className={inputClass}
        >
          <option value="all">All Levels</option>
          {COURSE_LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
