import { useId, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../platform/i18n/i18n';
import { PLANS, type Plan } from '@gl/core/types';
import type { PhotoState } from './photo-generation';
import { AlertIcon, CameraIcon, CloseIcon, ImageIcon, LockIcon } from '../../../ui/icons';

/** A size in kilobytes, through Intl ("12 kB" / "kB 12"). */
const kb = (bytes: number) =>
  new Intl.NumberFormat(intlLocale(), { style: 'unit', unit: 'kilobyte' }).format(Math.max(1, Math.round(bytes / 1024)));

export interface PhotoPickerProps {
  plan: Plan;
  state: PhotoState;
  /** A generation is on its way: the photo cannot change meanwhile. */
  busy: boolean;
  onPick(file: File | undefined): void;
  onClear(): void;
}

/**
 * "From a photo" on /generate: take one with the camera (the `capture` attribute opens it straight
 * away on a phone) or choose a file; a preview of the shrunk copy that will go up; a file the
 * browser cannot read. Free plans see what it is and the upgrade link. The upload's progress and
 * the server's answer about the photo show above the results (PhotoUploadStatus).
 */
export default function PhotoPicker({ plan, state, busy, onPick, onClear }: PhotoPickerProps) {
  const { t } = useTranslation(['photo', 'catalog']);
  const ids = { legend: useId(), hint: useId(), camera: useId(), file: useId() };
  const locked = !plan.limits.photoCaptions;
  const unlock = t(`catalog:plan.${PLANS.find((p) => p.limits.photoCaptions)?.id ?? 'pro'}`);
  const { photo, preparing, progress, error } = state;
  const uploading = progress !== null;
  const disabled = locked || busy || preparing || uploading;

  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    onPick(e.target.files?.[0]);
    // The same file can be picked again after Remove.
    e.target.value = '';
  };

  return (
    <fieldset
      aria-describedby={ids.hint}
      className="rounded-lg border border-slate-200 px-3 py-3 dark:border-slate-700"
      data-testid="photo-picker"
    >
      <legend id={ids.legend} className="flex items-center gap-1.5 px-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('picker.legend')} {locked && <LockIcon className="h-3.5 w-3.5 text-slate-500 dark:text-slate-400" />}
        <span className="font-normal text-slate-500 dark:text-slate-400">{t('picker.optional')}</span>
      </legend>

      {photo ? (
        <div className="flex items-start gap-3">
          <img
            src={photo.dataUrl}
            alt={t('picker.previewAlt')}
            width={photo.width}
            height={photo.height}
            className="h-20 w-20 shrink-0 rounded-lg border border-slate-200 object-cover dark:border-slate-700"
          />
          <div className="min-w-0 flex-1 text-xs text-slate-600 dark:text-slate-400">
            <p className="font-medium text-slate-800 dark:text-slate-200">{t('picker.about')}</p>
            <p className="mt-0.5">{t('picker.details', { width: photo.width, height: photo.height, size: kb(photo.blob.size) })}</p>
            <button type="button" className="btn-ghost tap mt-1 -ml-2 px-2 py-1 text-xs" onClick={onClear} disabled={busy || uploading}>
              <CloseIcon className="h-3.5 w-3.5" />
              {t('picker.remove')}
            </button>
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <label
            htmlFor={ids.camera}
            className={`btn-secondary tap min-h-11 cursor-pointer px-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-500 ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
          >
            <CameraIcon className="h-4 w-4 shrink-0" />
            {t('picker.take')}
            <input
              id={ids.camera}
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              disabled={disabled}
              onChange={picked}
            />
          </label>
          <label
            htmlFor={ids.file}
            className={`btn-secondary tap min-h-11 cursor-pointer px-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-500 ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
          >
            <ImageIcon className="h-4 w-4 shrink-0" />
            {t('picker.choose')}
            <input
              id={ids.file}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/*"
              className="sr-only"
              disabled={disabled}
              onChange={picked}
            />
          </label>
        </div>
      )}

      {preparing && (
        <p role="status" className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          {t('picker.preparing')}
        </p>
      )}

      {uploading && (
        <p role="status" className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          {t('picker.sending')}
        </p>
      )}

      {error && !error.sent && (
        <p
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:bg-rose-500/10 dark:text-rose-100"
        >
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          {error.message}
        </p>
      )}

      <p id={ids.hint} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {locked ? (
          <>
            {t('picker.locked', { plan: unlock })}{' '}
            <Link to="/pricing" className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300">
              {t('picker.upgrade')}
            </Link>
          </>
        ) : photo ? (
          t('picker.hintPicked')
        ) : (
          t('picker.hint')
        )}
      </p>
    </fieldset>
  );
}
