import type { ReactNode } from 'react';
import NeedsConnection from '../NeedsConnection';

/**
 * One block of the account page. Every one changes something on the server, so while offline it
 * says so (`needs`: what needs the connection); its buttons are disabled with `useOnline()`.
 */
export function Section({
  title,
  lead,
  children,
  danger,
  needs = 'Saving changes to your account',
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  danger?: boolean;
  needs?: string;
}) {
  return (
    <section className={`card p-5 sm:p-6 ${danger ? 'border-rose-200 dark:border-rose-500/30' : ''}`} aria-label={title}>
      <h2 className={`text-lg font-semibold ${danger ? 'text-rose-700 dark:text-rose-300' : 'text-slate-900 dark:text-white'}`}>{title}</h2>
      {lead && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{lead}</p>}
      <NeedsConnection action={needs} className="mt-3" />
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A labelled input (the house `field` classes). */
export function Field(props: {
  id: string;
  label: string;
  type?: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="field-label">
        {props.label}
      </label>
      <input
        id={props.id}
        type={props.type ?? 'text'}
        className="field"
        autoComplete={props.autoComplete}
        maxLength={props.maxLength ?? 254}
        required={props.required ?? true}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
