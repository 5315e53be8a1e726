import { useId, type ReactNode } from 'react';

/**
 * A labelled checkbox: the whole label row is the target (at least 44 px tall on phones), with an
 * optional hint under it, read out with it. `className` styles the box (a bordered card, say).
 */
export function Checkbox({
  label,
  checked,
  onChange,
  hint,
  disabled,
  className = '',
  after,
}: {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
  /** Drawn at the row's end (a count, a limit). */
  after?: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={`${disabled ? 'cursor-not-allowed opacity-60' : ''} ${className}`}>
      <label htmlFor={id} className={`tap flex items-center gap-3 text-sm ${disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
        <input
          id={id}
          type="checkbox"
          className="h-5 w-5 shrink-0 accent-violet-600"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hint ? hintId : undefined}
        />
        <span className="min-w-0 flex-1 font-medium">{label}</span>
        {after}
      </label>
      {hint && (
        <p id={hintId} className="ml-8 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
