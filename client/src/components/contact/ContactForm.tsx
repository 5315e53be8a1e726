import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS } from '@gl/core/types';
import { useId } from 'react';
import { cardClass, inputClass, primaryButtonClass, successButtonClass } from '../marketing/PageHeader';
import { CONTACT_TEXT, useContactForm, type ContactSubject } from './use-contact-form';

const labelClass = 'mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200';

/** The contact form: name, email, subject, message, all required; posts to POST /api/contact. */
export function ContactForm() {
  const { fields, update, status, error, submit } = useContactForm();
  const id = useId();
  const sending = status === 'sending';

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className={`${cardClass} p-6 sm:p-8`}
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900 dark:text-white">
        Send us a message
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">All fields are required. We read every message.</p>

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>
            Name
          </label>
          <input
            id={`${id}-name`}
            name="name"
            required
            maxLength={100}
            autoComplete="name"
            placeholder="Your name"
            value={fields.name}
            onChange={(e) => update('name', e.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder="you@example.com"
            value={fields.email}
            onChange={(e) => update('email', e.target.value)}
            className={inputClass}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-subject`} className={labelClass}>
            Subject
          </label>
          <select
            id={`${id}-subject`}
            name="subject"
            required
            value={fields.subject}
            onChange={(e) => update('subject', e.target.value as ContactSubject)}
            className={inputClass}
          >
            <option value="" disabled>
              Select a subject
            </option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-message`} className={labelClass}>
            Message
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            required
            rows={6}
            maxLength={CONTACT_MESSAGE_MAX}
            placeholder="Tell us what's on your mind..."
            value={fields.message}
            onChange={(e) => update('message', e.target.value)}
            className={`${inputClass} resize-y`}
          />
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" disabled={sending} className={status === 'sent' ? successButtonClass : primaryButtonClass}>
          {sending ? CONTACT_TEXT.sending : status === 'sent' ? CONTACT_TEXT.sent : 'Send Message'}
        </button>
        <p
          role="status"
          className={`text-sm ${status === 'error' ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}
        >
          {status === 'error' ? error : status === 'sent' ? "Thanks! We'll get back to you within 24 hours." : ''}
        </p>
      </div>
    </form>
  );
}
