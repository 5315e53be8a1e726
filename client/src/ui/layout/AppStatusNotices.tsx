import { useTranslation } from 'react-i18next';
import { useAppStatus } from '../../platform/app-status';

/** The offline / back-online notice and the "New version available" prompt, on every page. */
export default function AppStatusNotices() {
  const { t } = useTranslation('common');
  const { reload, online, backOnline } = useAppStatus();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-3">
      <div role="status" aria-live="polite" className="contents">
        {!online && (
          <p className="notice pointer-events-auto" data-testid="offline-notice">
            {t('status.offline')}
          </p>
        )}
        {online && backOnline && (
          <p className="notice pointer-events-auto" data-testid="online-notice">
            {t('status.backOnline')}
          </p>
        )}
      </div>
      {reload && (
        <div role="alert" className="notice pointer-events-auto flex items-center gap-3" data-testid="update-notice">
          <span>{t('status.newVersion')}</span>
          <button type="button" className="btn-primary tap px-4 text-sm" onClick={reload}>
            {t('actions.reload')}
          </button>
        </div>
      )}
    </div>
  );
}
