import type { ApprovalSummaryDto } from '@gl/core/types';

/** The chip colours of a link's status on the team's side. */
export const STATUS_STYLE: Record<ApprovalSummaryDto['status'], string> = {
  open: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200',
  locked: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
  expired: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  revoked: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-200',
};
