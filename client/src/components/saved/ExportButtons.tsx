import { useState } from 'react';
import { apiResponse, errorMessage } from '../../lib/api';
import { DownloadIcon } from '../icons';

function filenameFrom(res: Response, fallback: string): string {
  const disposition = res.headers.get('content-disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? fallback;
}

/** Export CSV / JSON (plans with bulk export): downloads GET /api/lines/saved/export. */
export default function ExportButtons({ search, category }: { search: string; category: string }) {
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [error, setError] = useState('');

  const download = async (format: 'csv' | 'json') => {
    setBusy(format);
    setError('');
    try {
      const res = await apiResponse('/lines/saved/export', {
        query: { format, search: search || undefined, category: category === 'all' ? undefined : category },
        timeoutMs: 120_000,
      });
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filenameFrom(res, `genius-lines-saved.${format}`);
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setError(errorMessage(err, 'Export failed. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {(['csv', 'json'] as const).map((f) => (
        <button key={f} type="button" className="btn-secondary px-3 py-2 text-sm" disabled={busy !== null} onClick={() => void download(f)}>
          <DownloadIcon className="h-4 w-4" />
          {busy === f ? 'Exporting...' : `Export ${f.toUpperCase()}`}
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
