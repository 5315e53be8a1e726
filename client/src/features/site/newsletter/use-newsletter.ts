import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPEC_EMAIL_PATTERN } from '@gl/core/types';
import { ApiError } from '../../../platform/api';
import { failureMessage, useSubscribeNewsletter } from './newsletter';

export type NewsletterStatus = 'idle' | 'subscribing' | 'subscribed' | 'error';

/** How long 'Subscribed!' and the thank-you message stay. */
export const SUBSCRIBED_NOTICE_MS = 3000;

/**
 * The newsletter state machine: idle -> Subscribing... -> Subscribed! (3 s, field
 * cleared) or an error message. A bad address stops before anything is sent.
 */
export function useNewsletter() {
  const { t } = useTranslation('newsletter');
  const subscribe = useSubscribeNewsletter();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [subscribed, setSubscribed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const status: NewsletterStatus = subscribe.isPending
    ? 'subscribing'
    : invalid || subscribe.isError
      ? 'error'
      : subscribed
        ? 'subscribed'
        : 'idle';

  const failure = subscribe.error;
  const message = invalid
    ? t('invalid')
    : subscribe.isError
      ? failure instanceof ApiError
        ? failureMessage(failure)
          ? t('failed', { message: failureMessage(failure) })
          : t('unknown')
        : t('unexpected')
      : subscribed
        ? t('thanks')
        : '';

  function submit() {
    if (subscribe.isPending) return;
    clearTimeout(timer.current);
    setSubscribed(false);
    const address = email.trim();
    if (!SPEC_EMAIL_PATTERN.test(address)) {
      subscribe.reset();
      setInvalid(true);
      return;
    }
    setInvalid(false);
    subscribe.mutate(address, {
      onSuccess: () => {
        subscribe.reset();
        setSubscribed(true);
        setEmail('');
        timer.current = setTimeout(() => setSubscribed(false), SUBSCRIBED_NOTICE_MS);
      },
      onError: (err) => console.error('Newsletter subscription failed:', err),
    });
  }

  function change(value: string) {
    setEmail(value);
    if (status === 'error') {
      setInvalid(false);
      subscribe.reset();
    }
  }

  return { email, setEmail: change, status, message, submit };
}
