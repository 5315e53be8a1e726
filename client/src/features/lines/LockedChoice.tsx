import type { ReactNode } from 'react';
import { LockIcon } from '../../ui/icons';

const LOOK = {
  /** A category: a card in a two-column grid, with a note under its name. */
  card: {
    base: 'relative flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm',
    on: 'border-violet-500 bg-violet-50 text-violet-900 dark:border-violet-400 dark:bg-violet-500/15 dark:text-violet-100',
    off: 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600',
  },
  /** A tone: a pill in a wrapping row. */
  pill: {
    base: 'tap inline-flex cursor-pointer items-center gap-1 rounded-full border px-3 py-1 text-sm',
    on: 'border-violet-500 bg-violet-600 text-white dark:border-violet-400 dark:bg-violet-600',
    off: 'border-slate-200 text-slate-700 hover:border-slate-300 dark:border-slate-700 dark:text-slate-200 dark:hover:border-slate-600',
  },
} as const;

/**
 * One choice of a radio or checkbox group drawn as a chip; a choice the plan locks shows a lock,
 * cannot be picked and points at the hint that says which plan unlocks it.
 */
export default function LockedChoice({
  look,
  type = 'radio',
  name,
  value,
  checked,
  locked,
  disabled,
  onChange,
  hintId,
  note,
  children,
}: {
  look: keyof typeof LOOK;
  type?: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  locked: boolean;
  /** Not pickable for another reason (e.g. enough tones already compared). */
  disabled?: boolean;
  onChange(): void;
  /** The id of the line saying what a paid plan unlocks. */
  hintId: string;
  /** Under the name (cards only), while locked. */
  note?: ReactNode;
  children: ReactNode;
}) {
  const style = LOOK[look];
  const input = (
    <input
      type={type}
      name={name}
      value={value}
      checked={checked}
      disabled={locked || disabled}
      onChange={onChange}
      className="sr-only"
      aria-describedby={locked ? hintId : undefined}
    />
  );
  return (
    <label
      className={`${style.base} transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-500 ${
        checked ? style.on : style.off
      } ${locked ? 'cursor-not-allowed opacity-70' : ''}`}
    >
      {input}
      {look === 'card' ? (
        <>
          <span className="flex items-center justify-between gap-1 font-medium">
            {children}
            {locked && <LockIcon className="h-3.5 w-3.5 shrink-0 text-slate-500 dark:text-slate-400" />}
          </span>
          {locked && note && <span className="text-xs text-slate-600 dark:text-slate-400">{note}</span>}
        </>
      ) : (
        <>
          {children}
          {locked && <LockIcon className="h-3 w-3" />}
        </>
      )}
    </label>
  );
}
