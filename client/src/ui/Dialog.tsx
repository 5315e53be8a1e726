import { useState, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { CloseIcon } from './icons';

export interface DialogProps {
  /** Visible title; also the dialog's accessible name. */
  title: ReactNode;
  /** Shown under the title and used as the accessible description. */
  description?: ReactNode;
  /** The close button's accessible label (e.g. "Close payment dialog"). */
  closeLabel: string;
  onClose(): void;
  /** Tapping outside closes it (default). Off where a tap-away must not lose work in progress. */
  dismissOnOutsideClick?: boolean;
  /** 'sheet': a bottom sheet on phones, centred from `sm` up (default); 'center': centred always. */
  placement?: 'sheet' | 'center';
  children: ReactNode;
}

/**
 * The one dialog of the client, on Radix Dialog: focus moves in on open (to the element marked
 * `data-autofocus`, else the first focusable one), Tab stays inside, Escape closes, the page under
 * it neither scrolls nor is read by screen readers, and focus returns to the opener on close.
 * Render it while the dialog is open; unmounting it closes it.
 */
export default function Dialog({
  title,
  description,
  closeLabel,
  onClose,
  dismissOnOutsideClick = true,
  placement = 'sheet',
  children,
}: DialogProps) {
  const sheet = placement === 'sheet';
  // Opened from code (no Radix trigger): remember what had focus, to give it back on close.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={`fixed inset-0 z-50 flex justify-center overflow-y-auto bg-slate-950/70 backdrop-blur-sm ${
            sheet ? 'items-end p-0 sm:items-center sm:p-4' : 'items-center p-4'
          }`}
        >
          <RadixDialog.Content
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={(e) => {
              const preferred = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-autofocus]');
              if (preferred) {
                e.preventDefault();
                preferred.focus();
              }
            }}
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              if (opener?.isConnected) opener.focus();
            }}
            onInteractOutside={(e) => {
              if (!dismissOnOutsideClick) e.preventDefault();
            }}
            className={`max-h-[92dvh] w-full min-w-0 overflow-y-auto bg-white p-5 shadow-2xl outline-none sm:max-w-md sm:p-6 dark:bg-slate-900 dark:ring-1 dark:ring-slate-700 ${
              sheet ? 'rounded-t-2xl sm:rounded-2xl' : 'max-w-md rounded-2xl'
            }`}
          >
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <RadixDialog.Title className="text-xl font-bold text-slate-900 dark:text-white">{title}</RadixDialog.Title>
                {description && (
                  <RadixDialog.Description asChild>
                    <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</div>
                  </RadixDialog.Description>
                )}
              </div>
              <RadixDialog.Close className="icon-btn -mr-2 -mt-2 shrink-0" aria-label={closeLabel}>
                <CloseIcon className="h-5 w-5" />
              </RadixDialog.Close>
            </div>
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
