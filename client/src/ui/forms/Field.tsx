import type { InputHTMLAttributes, KeyboardEvent, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** The id of a field's hint, for `aria-describedby`. */
export const hintId = (id: string) => `${id}-hint`;

interface Shell {
  id: string;
  label: ReactNode;
  /** A line under the control, read out with it. */
  hint?: ReactNode;
  /** Under the hint (a link beside it, say). */
  footer?: ReactNode;
  /** The wrapper's classes (grid spans and the like). */
  className?: string;
  /** Default: the house `field-label`. */
  labelClassName?: string;
}

/** Label, control, hint: the frame every field of every form shares. */
export function FieldShell({ id, label, hint, footer, className, labelClassName, children }: Shell & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName ?? 'field-label'}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId(id)} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {footer}
    </div>
  );
}

function describedBy(id: string, hint: ReactNode, own: string | undefined): string | undefined {
  return [hint ? hintId(id) : undefined, own].filter(Boolean).join(' ') || undefined;
}

/** A field's props split in two: the shell's (label, hint, footer, wrapper classes) and the control's (with the id, which both use). */
function splitShell<P extends Shell>({ label, hint, footer, className, labelClassName, ...rest }: P) {
  return { shell: { id: rest.id, label, hint, footer, className, labelClassName }, hint, rest };
}

type Controlled<E> = Omit<E, 'id' | 'value' | 'onChange' | 'className'> & {
  value: string;
  onChange: (value: string) => void;
  /** Default: the house `field` classes. */
  controlClassName?: string;
};

/**
 * A labelled input (required unless told otherwise). Bounds come from core's contract
 * (`EMAIL_MAX`, `NAME_MAX`, `PASSWORD_MAX`... in `@gl/core/types`), never a literal.
 */
export function Field(
  props: Shell &
    Controlled<InputHTMLAttributes<HTMLInputElement>> & {
      /** Drawn over the input (a show-password button at its end, an icon at its start). */ after?: ReactNode;
    },
) {
  const { shell, hint, rest } = splitShell(props);
  const { id, controlClassName, value, onChange, type = 'text', required = true, after, ...input } = rest;
  const control = (
    <input
      {...input}
      id={id}
      type={type}
      required={required}
      className={controlClassName ?? 'field'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-describedby={describedBy(id, hint, input['aria-describedby'])}
    />
  );
  return (
    <FieldShell {...shell}>
      {after ? (
        <div className="relative">
          {control}
          {after}
        </div>
      ) : (
        control
      )}
    </FieldShell>
  );
}

/**
 * A labelled textarea. `autoGrow`: as tall as its text (CSS `field-sizing`; a browser without it
 * keeps `rows` and scrolls). `enterSubmits`: a one-line answer that wraps (a topic): Enter sends the
 * form as an input's would, and no line break is typed.
 */
export function TextAreaField(
  props: Shell &
    Controlled<TextareaHTMLAttributes<HTMLTextAreaElement>> & {
      autoGrow?: boolean;
      enterSubmits?: boolean;
      ref?: Ref<HTMLTextAreaElement>;
    },
) {
  const { shell, hint, rest } = splitShell(props);
  const { id, controlClassName, value, onChange, required = true, autoGrow = false, enterSubmits = false, ref, ...textarea } = rest;
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    textarea.onKeyDown?.(e);
    if (!enterSubmits || e.defaultPrevented || e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  };
  const grow = autoGrow ? ' field-sizing-content resize-none' : '';
  return (
    <FieldShell {...shell}>
      <textarea
        {...textarea}
        ref={ref}
        id={id}
        required={required}
        className={(controlClassName ?? 'field') + grow}
        value={value}
        onChange={(e) => onChange(enterSubmits ? e.target.value.replace(/\r?\n/g, ' ') : e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={describedBy(id, hint, textarea['aria-describedby'])}
      />
    </FieldShell>
  );
}

/** A labelled select; its options are the children. */
export function SelectField(props: Shell & Controlled<SelectHTMLAttributes<HTMLSelectElement>> & { children: ReactNode }) {
  const { shell, hint, rest } = splitShell(props);
  const { id, controlClassName, value, onChange, required = true, children, ...select } = rest;
  return (
    <FieldShell {...shell}>
      <select
        {...select}
        id={id}
        required={required}
        className={controlClassName ?? 'field'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy(id, hint, select['aria-describedby'])}
      >
        {children}
      </select>
    </FieldShell>
  );
}
