import type { FormEvent, ReactNode } from 'react';
import { errorMessage } from '../../platform/api';
import { Notice } from './Notice';

/** What a form needs to know of its TanStack Query mutation. */
export interface MutationState {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

/** The one result line of a mutation: its success text (when given), or its error's message. */
export function MutationResult({ mutation, success, fallback }: { mutation: MutationState; success?: string; fallback: string }) {
  if (mutation.isSuccess && success !== undefined) return <Notice kind="success">{success}</Notice>;
  if (mutation.isError) return <Notice kind="error">{errorMessage(mutation.error, fallback)}</Notice>;
  return null;
}

/**
 * A form that sends one mutation: its fields, the result line (success or the server's message)
 * and the submit button, which says `busyLabel` while the mutation runs. The caller's `onSubmit`
 * decides what to send; the default action is already prevented.
 */
export function MutationForm({
  mutation,
  onSubmit,
  submitLabel,
  busyLabel,
  success,
  fallback,
  disabled = false,
  busy = mutation.isPending,
  danger = false,
  className = 'grid gap-4 sm:max-w-md',
  children,
}: {
  mutation: MutationState;
  onSubmit(): void;
  submitLabel: string;
  busyLabel: string;
  /** The success line; none when the form's own page moves on. */
  success?: string;
  /** The error line when the server gave no message. */
  fallback: string;
  /** The button is also disabled while busy. */
  disabled?: boolean;
  busy?: boolean;
  danger?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className={className}>
      {children}
      <MutationResult mutation={mutation} success={success} fallback={fallback} />
      <div>
        <button type="submit" className={`${danger ? 'btn-danger' : 'btn-primary'} px-4 py-2.5`} disabled={busy || disabled}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
