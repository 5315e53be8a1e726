import { useTranslation } from 'react-i18next';
import type { PhotoState } from './photo-generation';
import { AlertIcon } from '../../../ui/icons';

/**
 * The photo's way up, shown above the results: on a phone the page has just scrolled there, so
 * this is where the person is looking while the photo goes up over slow mobile data, and where
 * they read why it was refused (with the offer to write from a typed description instead).
 */
export default function PhotoUploadStatus({ state, onDescribeInstead }: { state: PhotoState; onDescribeInstead(): void }) {
  const { t } = useTranslation('photo');
  const { progress, error } = state;
  if (progress !== null) {
    const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
    return (
      <div className="card mb-4 p-4" data-testid="photo-upload">
        <div className="flex justify-between text-sm text-slate-700 dark:text-slate-300">
          <span>{percent < 100 ? t('upload.uploading') : t('upload.reading')}</span>
          <span aria-hidden="true">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('upload.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div className="h-full rounded-full bg-violet-600 transition-[width] duration-200" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  if (!error?.sent) return null;
  return (
    <div
      role="alert"
      data-testid="photo-refused"
      className="mb-4 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-100"
    >
      <p className="flex items-start gap-2 font-medium">
        <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
        {error.message}
      </p>
      {error.describeInstead && (
        <button type="button" className="btn-secondary tap mt-3 px-3 py-1.5 text-sm" onClick={onDescribeInstead}>
          {t('upload.describeInstead')}
        </button>
      )}
    </div>
  );
}
