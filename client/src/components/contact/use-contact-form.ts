import { CONTACT_SUBJECTS } from '@gl/core/types';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { failureMessage } from '../../lib/newsletter';

export type ContactStatus = 'idle' | 'sending' | 'sent' | 'error';
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export interface ContactFields {
  name: string;
  email: string;
  subject: ContactSubject | '';
  message: string;
}

export const EMPTY_CONTACT: ContactFields = { name: '', email: '', subject: '', message: '' };
export const MESSAGE_SENT_MS = 3000;
export const CONTACT_TEXT = {
  sending: 'Sending...',
  sent: 'Message Sent!',
  unknown: 'An unknown error occurred. Check console for details.',
} as const;

/**
 * The contact form's states: idle -> sending -> sent (Message Sent! for 3 s, form cleared)
 * or error (the error's message, or the catalogue's unknown-error text).
 */
export function useContactForm() {
  const [fields, setFields] = useState<ContactFields>(EMPTY_CONTACT);
  const [status, setStatus] = useState<ContactStatus>('idle');
  const [error, setError] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function update<K extends keyof ContactFields>(key: K, value: ContactFields[K]) {
    setFields((f) => ({ ...f, [key]: value }));
  }

  async function submit() {
    if (status === 'sending') return;
    clearTimeout(timer.current);
    setStatus('sending');
    setError('');
    try {
      await api<{ id: string }>('/contact', { method: 'POST', body: fields });
      setStatus('sent');
      setFields(EMPTY_CONTACT);
      timer.current = setTimeout(() => setStatus('idle'), MESSAGE_SENT_MS);
    } catch (err) {
      console.error('Contact message failed:', err);
      setStatus('error');
      setError((err instanceof ApiError && failureMessage(err)) || CONTACT_TEXT.unknown);
    }
  }

  return { fields, update, status, error, submit };
}
