import { useEffect, useRef, useState } from 'react';
import { INVALID_EMAIL_MESSAGE, SPEC_EMAIL_PATTERN } from '@gl/core/types';
import { subscribeToNewsletter } from '../../lib/newsletter';

export type NewsletterStatus = 'idle' | 'subscribing' | 'subscribed' | 'error';

export const NEWSLETTER_TEXT = {
  invalid: INVALID_EMAIL_MESSAGE,
  subscribing: 'Subscribing...',
  subscribed: 'Subscribed!',
  thanks: 'Thank you for subscribing!',
  failed: (message: string) => `Failed to subscribe: ${message}`,
  unknown: 'Unknown error occurred. Check console for details.',
  unexpected: 'An unexpected error occurred. Check console for details.',
} as const;

/** How long 'Subscribed!' and the thank-you message stay. */
export const SUBSCRIBED_NOTICE_MS = 3000;

/**
 * The newsletter state machine: idle -> Subscribing... -> Subscribed! (3 s, field
 * cleared) or an error message. A bad address stops before anything is sent.
 */
export function useNewsletter() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<NewsletterStatus>('idle');
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function submit() {
    if (status === 'subscribing') return;
    clearTimeout(timer.current);
    const address = email.trim();
    if (!SPEC_EMAIL_PATTERN.test(address)) {
      setStatus('error');
      setMessage(NEWSLETTER_TEXT.invalid);
      return;
    }
    setStatus('subscribing');
    setMessage('');
    try {
      const result = await subscribeToNewsletter(address);
      if (result.ok) {
        setStatus('subscribed');
        setMessage(NEWSLETTER_TEXT.thanks);
        setEmail('');
        timer.current = setTimeout(() => {
          setStatus('idle');
          setMessage('');
        }, SUBSCRIBED_NOTICE_MS);
        return;
      }
      console.error('Newsletter subscription failed:', result.error);
      setStatus('error');
      setMessage(result.error ? NEWSLETTER_TEXT.failed(result.error) : NEWSLETTER_TEXT.unknown);
    } catch (err) {
      console.error('Newsletter subscription error:', err);
      setStatus('error');
      setMessage(NEWSLETTER_TEXT.unexpected);
    }
  }

  function change(value: string) {
    setEmail(value);
    if (status === 'error') {
      setStatus('idle');
      setMessage('');
    }
  }

  return { email, setEmail: change, status, message, submit };
}
