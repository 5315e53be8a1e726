import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../platform/api';
import { useSavedExport, type ExportFormat } from './saved';
import { DownloadIcon } from '../../ui/icons';

const FORMATS: readonly ExportFormat[] = ['csv', 'json'];

/** Export CSV / JSON (plans with bulk export): downloads GET /api/lines/saved/export. */
export default function ExportButtons({ search, category }: { search: string; category: string }) {
  const { t } = useTranslation('saved');
  const exporting = useSavedExport(search, category);
  const busy = exporting.isPending ? exporting.variables : null;
  const error = exporting.error ? errorMessage(exporting.error, t('export.failed')) : '';

  return (
    <div className="flex flex-wrap items-center gap-2">
      {FORMATS.map((f) => (
        <button
          key={f}
          type="button"
          className="btn-secondary px-3 py-2 text-sm"
          disabled={busy !== null}
          onClick={() => exporting.mutate(f)}
        >
          <DownloadIcon className="h-4 w-4" />
          {busy === f ? t('export.exporting') : t(`export.${f}`)}
        </button>
      ))}
      {error && (
        <span role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </span>
      )}
    </div>
  );
}
