import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_SEARCH_MAX, type Category, type CategoryId } from '@gl/core/types';
import { SearchIcon } from '../../ui/icons';

/**
 * The search field and category filter above a library (the personal one on /saved and the
 * team's): one bar, so both get the same phone keyboard hints and labels. `children` come last
 * in the bar (the count, a "Clear All").
 */
export default function LibraryFilterBar({
  search,
  onSearch,
  searchLabel,
  placeholder,
  category,
  onCategory,
  categories,
  children,
}: {
  search: string;
  onSearch(value: string): void;
  /** The search field's accessible name, e.g. "Search saved lines". */
  searchLabel: string;
  placeholder: string;
  category: CategoryId | 'all';
  onCategory(value: CategoryId | 'all'): void;
  /** The categories offered besides "All Categories". */
  categories: readonly Category[];
  children?: ReactNode;
}) {
  const { t } = useTranslation(['saved', 'catalog']);
  const ids = { search: useId(), category: useId() };
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center dark:border-slate-800 dark:bg-slate-900/60">
      <div className="relative flex-1">
        <label htmlFor={ids.search} className="sr-only">
          {searchLabel}
        </label>
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
        <input
          id={ids.search}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          className="field pl-9"
          placeholder={placeholder}
          value={search}
          maxLength={SAVED_SEARCH_MAX}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      <label htmlFor={ids.category} className="sr-only">
        {t('filter.category')}
      </label>
      <select
        id={ids.category}
        className="field sm:w-56"
        value={category}
        onChange={(e) => onCategory(e.target.value as CategoryId | 'all')}
      >
        <option value="all">{t('filter.all')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {t(`catalog:category.${c.id}.name`)}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
