import type { ReactNode } from 'react';

/** A success or error line under a form (errors are announced). */
export function Notice({ kind, children, id }: { kind: 'error' | 'success'; children: ReactNode; id?: string }) {
  const styles =
    kind === 'error'
      ? 'bg-rose-50 text-rose-800 dark:bg-rose-500/10 dark:text-rose-200'
      : 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200';
  return (
    <p id={id} role={kind === 'error' ? 'alert' : 'status'} className={`rounded-lg px-3 py-2 text-sm ${styles}`}>
      {children}
    </p>
  );
}
