import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The tabs, in order; each one's label is `apiDocs:nav.<id>`. */
export const DOC_TABS = [
  { id: 'overview' },
  { id: 'authentication' },
  { id: 'endpoints' },
  { id: 'examples' },
  { id: 'sdks' },
  { id: 'webhooks' },
  { id: 'mcp' },
] as const;
export type DocTabId = (typeof DOC_TABS)[number]['id'];

export const tabId = (id: DocTabId) => `api-docs-tab-${id}`;
export const panelId = (id: DocTabId) => `api-docs-panel-${id}`;

/** The side menu: a vertical tab list (a horizontal strip on small screens), arrow keys move between tabs. */
export function DocsNav({ active, onSelect }: { active: DocTabId; onSelect(id: DocTabId): void }) {
  const { t } = useTranslation('apiDocs');
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (e: KeyboardEvent) => {
    // Arrows move from the tab that has the focus (the selection may not have rendered yet).
    const focused = DOC_TABS.findIndex((t) => tabId(t.id) === (e.target as HTMLElement).id);
    const index = focused >= 0 ? focused : DOC_TABS.findIndex((t) => t.id === active);
    let next = -1;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') next = (index + 1) % DOC_TABS.length;
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') next = (index - 1 + DOC_TABS.length) % DOC_TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = DOC_TABS.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const tab = DOC_TABS[next]!;
    onSelect(tab.id);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(tab.id)}`)?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={t('nav.label')}
      aria-orientation="vertical"
      onKeyDown={onKeyDown}
      className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:sticky lg:top-24 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0"
    >
      {DOC_TABS.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? panelId(tab.id) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`shrink-0 rounded-lg px-3.5 py-2 text-left text-sm font-medium ${
              selected
                ? 'bg-violet-600 text-white shadow-sm'
                : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
            }`}
          >
            {t(`nav.${tab.id}`)}
          </button>
        );
      })}
    </div>
  );
}
