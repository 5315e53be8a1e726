import type { HttpMethod } from './api-examples';

const STYLES: Record<HttpMethod, string> = {
  GET: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  POST: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  PUT: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
  DELETE: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300',
};

export function MethodBadge({ method }: { method: HttpMethod }) {
  return <span className={`chip font-mono font-bold ${STYLES[method]}`}>{method}</span>;
}
