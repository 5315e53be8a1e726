import type { ReactNode } from 'react';

/** The top of an app page: its h1 and lead, and what stands beside them on a wide screen (a status, the export buttons). */
export function PageTitle({ title, lead, aside }: { title: ReactNode; lead: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="page-title">{title}</h1>
        <p className="page-lead">{lead}</p>
      </div>
      {aside}
    </div>
  );
}
