import type { Logger } from '@gl/core/server';
import type { Mail, MailTransport } from './mail';
import { composeMail } from './templates';

/**
 * Development and tests without SMTP_URL or EmailJS keys: the e-mail is written to the log and
 * counts as delivered. Never used in production (see mailer.ts).
 */
export function createLogTransport(opts: { logger: Logger; contactInbox: string; publicUrl?: string }): MailTransport {
  return {
    name: 'log',
    async send(mail: Mail) {
      const composed = composeMail(mail, opts);
      opts.logger.info(
        { mail: { to: composed.to, replyTo: composed.replyTo?.address, subject: composed.subject, text: composed.text } },
        'e-mail not sent (no SMTP_URL or EmailJS configured): logged instead',
      );
    },
  };
}

/** Production without a transport: every send fails loudly, so rows stay pending, then failed, never silently "delivered". */
export function createMissingTransport(): MailTransport {
  return {
    name: 'none',
    async send() {
      throw new Error('No e-mail transport is configured: set SMTP_URL, or EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_ID and EMAILJS_PUBLIC_KEY');
    },
  };
}
