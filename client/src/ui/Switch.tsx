import { useId, type ReactNode } from 'react';

/**
 * An on/off switch: a checkbox with role="switch" inside its label (the whole row is the target),
 * drawn as a track and knob, with an optional hint under it (the switch's description).
 */
export default function Switch({
  label,
  checked,
  onChange,
  hint,
  disabled,
  className = '',
}: {
  /** The visible name; the switch's accessible name. */
  label: ReactNode;
  checked: boolean;
  onChange(on: boolean): void;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`rounded-lg border border-slate-200 px-3 py-2.5 dark:border-slate-700 ${className}`}>
      <label htmlFor={id} className="tap flex cursor-pointer items-center justify-between gap-3 text-sm font-medium">
        <span className="flex items-center gap-1.5">{label}</span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="peer sr-only"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <span
          aria-hidden="true"
          className={`relative h-6 w-11 shrink-0 rounded-full transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-violet-500 ${
            checked ? 'bg-violet-600' : 'bg-slate-300 dark:bg-slate-600'
          } ${disabled ? 'opacity-60' : ''}`}
        >
          <span
            className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${checked ? 'left-[1.375rem]' : 'left-0.5'}`}
          />
        </span>
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
