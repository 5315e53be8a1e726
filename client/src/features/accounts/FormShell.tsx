import type { ReactNode } from 'react';

/** The centred card of the small account pages (forgot / reset password, verify e-mail, unsubscribe), like /auth. */
export function FormShell({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="relative flex min-h-[calc(100vh-4rem)] items-center justify-center overflow-hidden px-4 py-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-violet-200/60 to-transparent dark:from-violet-900/30"
      />
      <div className="card w-full max-w-md p-6 sm:p-8">
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          {lead && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{lead}</p>}
        </div>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
