import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX } from '@gl/core/types';
import { FieldShell } from '../../../ui/forms/Field';
import { inputClass } from '../../../ui/PageHeader';
import { useNewsletter } from './use-newsletter';

/**
 * The newsletter subscribe form: in the footer (compact) and on the home page (hero).
 * Posts to POST /api/newsletter; the states and texts come from useNewsletter.
 */
export function NewsletterForm({ variant = 'footer' }: { variant?: 'footer' | 'home' }) {
  const { t } = useTranslation('newsletter');
  const { email, setEmail, status, message, submit } = useNewsletter();
  const id = useId();
  const inputId = `${id}-email`;
  const messageId = `${id}-message`;
  const isError = status === 'error';
  const home = variant === 'home';

  return (
    <form
      noValidate
      aria-label={home ? t('form.homeLabel') : t('form.footerLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="w-full"
    >
      <FieldShell
        id={inputId}
        label={t('form.email')}
        labelClassName={home ? 'sr-only' : 'mb-2 block text-sm font-medium text-slate-700 dark:text-slate-300'}
      >
        <div
          className={`flex gap-2 ${
            home
              ? 'flex-col rounded-2xl bg-white p-2 shadow-lg sm:flex-row dark:bg-slate-900'
              : 'flex-col sm:flex-row lg:flex-col xl:flex-row'
          }`}
        >
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={EMAIL_MAX}
            placeholder={t('form.placeholder')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={isError || undefined}
            aria-describedby={message ? messageId : undefined}
            className={`${inputClass} ${home ? 'sm:flex-1 sm:py-3 sm:text-base' : 'min-w-0 flex-1'}`}
          />
          <button
            type="submit"
            disabled={status === 'subscribing'}
            className={`shrink-0 ${status === 'subscribed' ? 'btn bg-emerald-700 text-white hover:bg-emerald-800' : 'btn-primary'} ${
              home ? 'px-6 py-3' : 'tap px-4 py-2 text-sm'
            }`}
          >
            {status === 'subscribing' ? t('form.subscribing') : status === 'subscribed' ? t('form.subscribed') : t('form.subscribe')}
          </button>
        </div>
      </FieldShell>
      <p
        id={messageId}
        role="status"
        className={`mt-2 min-h-5 text-sm ${
          home
            ? 'text-center font-medium text-white'
            : isError
              ? 'text-red-700 dark:text-red-400'
              : 'text-emerald-700 dark:text-emerald-400'
        }`}
      >
        {message}
      </p>
    </form>
  );
}
