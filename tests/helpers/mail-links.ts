import type { ReceivedMail, SmtpStub } from '../stubs/smtp.stub';
import { eventually } from './eventually';

/** The link to `page` (e.g. `/reset-password`) in a delivered mail's text, and its token. */
export function linkIn(mail: ReceivedMail, page: string): { url: string; token: string } {
  const match = new RegExp(`(https?://\\S+${page}\\?token=([A-Za-z0-9_-]+))`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in mail "${mail.subject}":\n${mail.text}`);
  return { url: match[1]!, token: match[2]! };
}

export const mailsTo = (smtp: SmtpStub, to: string, subject: RegExp) =>
  smtp.received.filter((m) => m.envelope.to.includes(to) && subject.test(m.subject));

/** Waits until `n` mails to `to` with a matching subject have arrived; answers the n-th (1-based). */
export function nthMailTo(smtp: SmtpStub, to: string, subject: RegExp, n = 1): Promise<ReceivedMail> {
  return eventually(async () => mailsTo(smtp, to, subject)[n - 1], 20_000, `mail #${n} to ${to}`);
}
