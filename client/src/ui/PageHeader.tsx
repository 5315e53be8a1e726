import type { ReactNode } from 'react';

/** The heading block at the top of a marketing page: an eyebrow, the page's h1 and a lead. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: ReactNode; children?: ReactNode }) {
  return (
    <header className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-violet-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 left-1/2 h-64 w-[40rem] -translate-x-1/2 rounded-full bg-gradient-to-r from-violet-400/25 via-violet-400/25 to-fuchsia-400/25 blur-3xl dark:from-violet-500/15 dark:via-violet-500/15 dark:to-fuchsia-500/15"
      />
      <div className="relative mx-auto max-w-6xl px-4 py-14 text-center sm:px-6 sm:py-20">
        {eyebrow && <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-violet-700 dark:text-violet-300">{eyebrow}</p>}
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">{title}</h1>
        {children && <div className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{children}</div>}
      </div>
    </header>
  );
}

/** A titled page section with consistent spacing. */
export function Section({
  id,
  title,
  lead,
  children,
  className = '',
}: {
  id?: string;
  title?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={`mx-auto max-w-6xl px-4 py-14 sm:px-6 ${className}`}>
      {title && (
        <div className="mb-10 text-center">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            {title}
          </h2>
          {lead && <p className="mx-auto mt-3 max-w-2xl text-slate-600 dark:text-slate-300">{lead}</p>}
        </div>
      )}
      {children}
    </section>
  );
}

/* Shared look: the shell's component classes from index.css (card, btn-primary, field ...). */
export const cardClass = 'card';
export const primaryButtonClass = 'btn-primary px-5 py-2.5';
export const secondaryButtonClass = 'btn-secondary px-5 py-2.5';
/** A primary button after success (Subscribed!, Message Sent!, Joined!). */
export const successButtonClass = 'btn bg-emerald-700 px-5 py-2.5 text-white hover:bg-emerald-800';
export const inputClass = 'field';
