import { useTranslation } from 'react-i18next';
import { useOnline } from '../platform/app-status';

/**
 * Says, while the device is offline, that an action needs a connection (its submit button is
 * disabled with `useOnline()` meanwhile, instead of spinning). Nothing while online. The browser's
 * offline/online events drive it, as they drive the app-wide offline notice.
 */
export default function NeedsConnection({ action, className = '' }: { action: string; className?: string }) {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      data-testid="needs-connection"
      className={`rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100 ${className}`}
    >
      {t('status.needsConnection', { action })}
    </p>
  );
}
