import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_LINES_MAX } from '@gl/core/types';
import ShareForApproval from './ShareForApproval';

/** Which saved lines are chosen to share for approval (own library or the team's), at most APPROVAL_LINES_MAX. */
export function useLineSelection() {
  const [ids, setIds] = useState<string[]>([]);
  const toggle = useCallback(
    (id: string) =>
      setIds((cur) => (cur.includes(id) ? cur.filter((x) => x !== id) : cur.length < APPROVAL_LINES_MAX ? [...cur, id] : cur)),
    [],
  );
  const clear = useCallback(() => setIds([]), []);
  return { ids, toggle, clear, has: (id: string) => ids.includes(id) };
}

/** The box on a saved line that chooses it for an approval link. */
export function SelectForApproval({ text, checked, onToggle }: { text: string; checked: boolean; onToggle(): void }) {
  const { t } = useTranslation('approvals');
  return (
    <label className="tap inline-flex cursor-pointer items-center gap-2 rounded-lg px-1 text-xs font-medium text-slate-700 dark:text-slate-300">
      <input
        type="checkbox"
        className="h-4 w-4 accent-violet-600"
        checked={checked}
        onChange={onToggle}
        aria-label={t('select.line', { text: text.slice(0, 60) })}
      />
      <span aria-hidden="true">{t('select.label')}</span>
    </label>
  );
}

/** While lines are chosen: how many, the share action, and clearing the choice. Sticks to the bottom of the screen. */
export default function SelectionBar({ ids, onClear, defaultTitle }: { ids: string[]; onClear(): void; defaultTitle: string }) {
  const { t } = useTranslation('approvals');
  if (ids.length === 0) return null;
  return (
    <div
      className="sticky bottom-3 z-20 mt-4 flex flex-wrap items-center gap-2 rounded-2xl border border-violet-200 bg-white/95 p-3 shadow-lg dark:border-violet-500/30 dark:bg-slate-900/95"
      data-testid="selection-bar"
    >
      <p className="mr-auto text-sm font-medium text-slate-900 dark:text-white" aria-live="polite">
        {t('select.count', { count: ids.length })}
      </p>
      <ShareForApproval source={{ savedLineIds: ids }} defaultTitle={defaultTitle} className="btn-primary tap px-3 py-2 text-sm" />
      <button type="button" className="btn-ghost tap px-3 py-2 text-sm" onClick={onClear}>
        {t('select.clear')}
      </button>
    </div>
  );
}
