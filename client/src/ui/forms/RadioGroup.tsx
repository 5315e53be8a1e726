import type { ReactNode } from 'react';

export interface RadioOption<T extends string> {
  value: T;
  label: ReactNode;
  /** A second line under the label (cards only). */
  hint?: ReactNode;
}

const LOOKS = {
  /** Side-by-side cards, a label and a hint each. */
  card: {
    group: 'grid grid-cols-2 gap-2',
    option: (on: boolean) =>
      `cursor-pointer rounded-xl border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-500 ${
        on
          ? 'border-violet-500 bg-violet-50 dark:border-violet-400 dark:bg-violet-500/15'
          : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600'
      }`,
  },
  /** A segmented control: one bordered strip, the chosen segment filled. */
  segment: {
    group: 'flex shrink-0 rounded-xl border border-slate-200 bg-white p-1 dark:border-slate-700 dark:bg-slate-900',
    option: (on: boolean) =>
      `tap inline-flex cursor-pointer items-center justify-center rounded-lg px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-500 ${
        on ? 'bg-violet-600 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
      }`,
  },
} as const;

/**
 * A real radio group (a fieldset, its legend the group's name; arrow keys move between options)
 * drawn as cards or as a segmented control.
 */
export function RadioGroup<T extends string>({
  legend,
  hideLegend = false,
  name,
  value,
  onChange,
  options,
  look = 'card',
  disabled,
  className = '',
  autoFocusValue,
}: {
  legend: ReactNode;
  /** The legend for screen readers only (the heading beside the group says it already). */
  hideLegend?: boolean;
  name: string;
  value: T;
  onChange(value: NoInfer<T>): void;
  options: readonly RadioOption<NoInfer<T>>[];
  look?: keyof typeof LOOKS;
  disabled?: boolean;
  className?: string;
  /** The option a dialog focuses first (`data-autofocus`). */
  autoFocusValue?: NoInfer<T>;
}) {
  const style = LOOKS[look];
  const group = (
    <div className={look === 'card' ? style.group : 'contents'}>
      {options.map((option) => (
        <label key={option.value} className={style.option(value === option.value)}>
          <input
            type="radio"
            name={name}
            value={option.value}
            className="sr-only"
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            data-autofocus={option.value === autoFocusValue ? true : undefined}
          />
          {look === 'card' ? (
            <>
              <span className="block font-semibold text-slate-900 dark:text-white">{option.label}</span>
              {option.hint && <span className="block text-xs text-slate-600 dark:text-slate-400">{option.hint}</span>}
            </>
          ) : (
            option.label
          )}
        </label>
      ))}
    </div>
  );
  return (
    <fieldset className={`${look === 'segment' ? style.group : ''} ${className}`} disabled={disabled}>
      <legend className={hideLegend ? 'sr-only' : 'field-label'}>{legend}</legend>
      {group}
    </fieldset>
  );
}
