import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS, EMAIL_MAX, NAME_MAX } from '@gl/core/types';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, SelectField, TextAreaField } from '../../../ui/forms/Field';
import { cardClass, inputClass, primaryButtonClass, successButtonClass } from '../../../ui/PageHeader';
import { useContactForm, type ContactSubject } from './use-contact-form';

const labelClass = 'mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200';

/** The contact form: name, email, subject, message, all required; posts to POST /api/contact. */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const { fields, update, status, error, submit } = useContactForm();
  const id = useId();
  const sending = status === 'sending';
  const shared = { labelClassName: labelClass, controlClassName: inputClass };

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className={`${cardClass} p-6 sm:p-8`}
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900 dark:text-white">
        {t('form.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('form.lead')}</p>

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <Field
          {...shared}
          id={`${id}-name`}
          label={t('form.name')}
          name="name"
          maxLength={NAME_MAX}
          autoComplete="name"
          placeholder={t('form.namePlaceholder')}
          value={fields.name}
          onChange={(v) => update('name', v)}
        />
        <Field
          {...shared}
          id={`${id}-email`}
          label={t('form.email')}
          name="email"
          type="email"
          inputMode="email"
          maxLength={EMAIL_MAX}
          autoComplete="email"
          placeholder={t('form.emailPlaceholder')}
          value={fields.email}
          onChange={(v) => update('email', v)}
        />
        <SelectField
          {...shared}
          className="sm:col-span-2"
          id={`${id}-subject`}
          label={t('form.subject')}
          name="subject"
          value={fields.subject}
          onChange={(v) => update('subject', v as ContactSubject)}
        >
          <option value="" disabled>
            {t('form.subjectPlaceholder')}
          </option>
          {CONTACT_SUBJECTS.map((s) => (
            <option key={s} value={s}>
              {t(`subjects.${s}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          {...shared}
          controlClassName={`${inputClass} resize-y`}
          className="sm:col-span-2"
          id={`${id}-message`}
          label={t('form.message')}
          name="message"
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          placeholder={t('form.messagePlaceholder')}
          value={fields.message}
          onChange={(v) => update('message', v)}
        />
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" disabled={sending} className={status === 'sent' ? successButtonClass : primaryButtonClass}>
          {sending ? t('form.sending') : status === 'sent' ? t('form.sent') : t('form.submit')}
        </button>
        <p
          role="status"
          className={`text-sm ${status === 'error' ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}
        >
          {status === 'error' ? error : status === 'sent' ? t('form.thanks') : ''}
        </p>
      </div>
    </form>
  );
}
