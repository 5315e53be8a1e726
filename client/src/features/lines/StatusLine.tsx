import { useTranslation } from 'react-i18next';
import { useBackendHealth } from './backend-health';

export type BackendStatus = 'checking' | 'online' | 'offline';

export default function StatusLine() {
  const { t } = useTranslation('generate');
  const health = useBackendHealth();
  const status: BackendStatus = health.isPending
    ? 'checking'
    : health.data && health.data.status === 'ok' && (health.data.providers?.openai || health.data.providers?.huggingface)
      ? 'online'
      : 'offline';
  const dot = status === 'checking' ? 'bg-slate-400 animate-pulse' : status === 'online' ? 'bg-emerald-500' : 'bg-amber-500';
  return (
    <div
      className="inline-flex flex-wrap items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm dark:border-slate-800 dark:bg-slate-900"
      role="status"
      aria-live="polite"
      data-testid="backend-status"
      data-status={status}
    >
      <span className={`h-2 w-2 rounded-full ${dot}`} aria-hidden="true" />
      <span className="font-medium text-slate-800 dark:text-slate-200">{t(`status.${status}`)}</span>
      {health.isError && <span className="text-slate-600 dark:text-slate-400">{t('status.failed')}</span>}
    </div>
  );
}
