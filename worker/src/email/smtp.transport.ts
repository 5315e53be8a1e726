import nodemailer from 'nodemailer';
import type { Mail, MailTransport } from './mail';
import { PermanentMailError } from './mail';
import { composeMail } from './templates';

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

/** SMTP through nodemailer (SMTP_URL: smtp://user:pass@host:587 or smtps://...:465). */
export function createSmtpTransport(opts: { url: string; from: string; contactInbox: string; publicUrl?: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: 'smtp',
    async send(mail: Mail) {
      const composed = composeMail(mail, opts);
      try {
        await transporter.sendMail({ from: opts.from, ...composed });
      } catch (err) {
        const e = err as SmtpError;
        // The server refused the recipient for good (5xx to RCPT TO): retrying cannot help.
        if (e.responseCode && e.responseCode >= 500 && /RCPT/i.test(e.command ?? '')) {
          throw new PermanentMailError(`SMTP refused the recipient: ${e.message}`, { cause: err });
        }
        throw new Error(`SMTP delivery failed: ${e.message}`, { cause: err });
      }
    },
  };
}
