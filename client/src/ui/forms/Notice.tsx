import type { ReactNode } from 'react';

const STYLES = {
  error: 'rounded-lg bg-rose-50 px-3 py-2 text-rose-800 dark:bg-rose-500/10 dark:text-rose-200',
  success: 'rounded-lg bg-emerald-50 px-3 py-2 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200',
  info: 'rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300',
} as const;

/**
 * A line under or instead of a form: an error (announced at once), a success (announced politely),
 * or plain information (what a visitor needs before the form can show: sign in, a plan).
 */
export function Notice({
  kind,
  children,
  id,
  className,
}: {
  kind: keyof typeof STYLES;
  children: ReactNode;
  id?: string;
  className?: string;
}) {
  const role = kind === 'error' ? 'alert' : kind === 'success' ? 'status' : undefined;
  return (
    <p id={id} role={role} className={`text-sm ${STYLES[kind]}${className ? ` ${className}` : ''}`}>
      {children}
    </p>
  );
}
