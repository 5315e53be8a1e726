import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENT_PASSWORD_MAX } from '@gl/core/types';
import { useOnline } from '../../platform/app-status';
import { Field } from '../../ui/forms/Field';
import { MutationForm, type MutationState } from '../../ui/forms/MutationForm';
import { Section } from './Section';

/**
 * One block of the account page that sends one mutation: the section's frame, its fields, the
 * result line and the submit button. `send` runs only when the form is `ready`, the mutation is not
 * busy and the device is online; the button is disabled otherwise.
 */
export function AccountSection({
  title,
  lead,
  needs,
  danger = false,
  mutation,
  send,
  ready = true,
  busy = mutation.isPending,
  submitLabel,
  busyLabel,
  success,
  fallback,
  children,
}: {
  title: string;
  lead?: ReactNode;
  needs?: string;
  danger?: boolean;
  mutation: MutationState;
  send(): void;
  /** The fields hold something to send. */
  ready?: boolean;
  busy?: boolean;
  submitLabel: string;
  busyLabel: string;
  success?: string;
  fallback: string;
  children: ReactNode;
}) {
  const online = useOnline();
  const submit = () => {
    if (!busy && ready && online) send();
  };
  return (
    <Section title={title} lead={lead} needs={needs} danger={danger}>
      <MutationForm
        mutation={mutation}
        onSubmit={submit}
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        success={success}
        fallback={fallback}
        busy={busy}
        disabled={!online || !ready}
        danger={danger}
      >
        {children}
      </MutationForm>
    </Section>
  );
}

/** A form's values, one setter per field, and `clear` (after a success) back to the start. */
export function useFormValues<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const set = (key: keyof V) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const clear = () => setValues(initial);
  return { values, set, clear };
}

/** "Your password", asked before a change that needs it. */
export function CurrentPasswordField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label?: string;
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('account');
  return (
    <Field
      id={id}
      label={label ?? t('yourPassword')}
      type="password"
      value={value}
      onChange={onChange}
      autoComplete="current-password"
      maxLength={CURRENT_PASSWORD_MAX}
    />
  );
}
