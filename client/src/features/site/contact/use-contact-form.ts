import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/api';
import { useSendContactMessage, type ContactFields } from './contact';
import { failureMessage } from '../newsletter/newsletter';

export type { ContactFields, ContactSubject } from './contact';
export type ContactStatus = 'idle' | 'sending' | 'sent' | 'error';

export const EMPTY_CONTACT: ContactFields = { name: '', email: '', subject: '', message: '' };
export const MESSAGE_SENT_MS = 3000;

/**
 * The contact form's states: idle -> sending -> sent (Message Sent! for 3 s, form cleared)
 * or error (the error's message, or the catalogue's unknown-error text).
 */
export function useContactForm() {
  const { t } = useTranslation('contact');
  const send = useSendContactMessage();
  const [fields, setFields] = useState<ContactFields>(EMPTY_CONTACT);
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function update<K extends keyof ContactFields>(key: K, value: ContactFields[K]) {
    setFields((f) => ({ ...f, [key]: value }));
  }

  const status: ContactStatus = send.isPending ? 'sending' : send.isError ? 'error' : sent ? 'sent' : 'idle';
  const error = send.isError ? (send.error instanceof ApiError && failureMessage(send.error)) || t('form.unknown') : '';

  function submit() {
    if (send.isPending) return;
    clearTimeout(timer.current);
    setSent(false);
    send.mutate(fields, {
      onSuccess: () => {
        send.reset();
        setSent(true);
        setFields(EMPTY_CONTACT);
        timer.current = setTimeout(() => setSent(false), MESSAGE_SENT_MS);
      },
      onError: (err) => console.error('Contact message failed:', err),
    });
  }

  return { fields, update, status, error, submit };
}
