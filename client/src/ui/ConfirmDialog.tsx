import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Dialog from './Dialog';

export interface ConfirmOptions {
  /** The dialog's title (its accessible name), e.g. "Revoke API key?". */
  title: string;
  /** What happens if confirmed, in a sentence. */
  message: ReactNode;
  /** The confirming button, e.g. "Revoke". */
  confirmLabel: string;
  /** A destructive action: the confirming button is red. */
  destructive?: boolean;
}

interface Asking extends ConfirmOptions {
  answer(yes: boolean): void;
}

/**
 * "Are you sure?" in the app's own dialog (not window.confirm, which phones render badly and
 * some in-app browsers suppress). `confirm(...)` resolves true only on the confirming button;
 * Cancel, Escape, the close button or a tap outside resolve false. Render `dialog` somewhere.
 */
export function useConfirm(): { confirm(options: ConfirmOptions): Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation('common');
  const [asking, setAsking] = useState<Asking | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setAsking({
          ...options,
          answer: (yes) => {
            setAsking(null);
            resolve(yes);
          },
        });
      }),
    [],
  );
  const dialog = asking && (
    <Dialog
      title={asking.title}
      description={asking.message}
      closeLabel={t('actions.close')}
      onClose={() => asking.answer(false)}
      placement="center"
    >
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary tap px-4" onClick={() => asking.answer(false)} data-autofocus>
          {t('actions.cancel')}
        </button>
        <button
          type="button"
          className={`tap px-4 ${asking.destructive ? 'btn-danger' : 'btn-primary'}`}
          onClick={() => asking.answer(true)}
        >
          {asking.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
  return { confirm, dialog };
}
