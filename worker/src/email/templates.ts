import type { Mail } from './mail';

export interface ComposedMail {
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Header-safe single line: no CR/LF can reach a header. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** The e-mails as SMTP (and the development log) sends them. */
export function composeMail(mail: Mail, opts: { contactInbox: string; publicUrl?: string }): ComposedMail {
  if (mail.kind === 'newsletter-welcome') {
    const link = opts.publicUrl ? `\n\nCome back any time: ${opts.publicUrl}` : '';
    const text =
      'Thank you for subscribing to the Genius Lines newsletter!\n\n' +
      'You will hear from us about new categories, tones and features for writing taglines, bios, captions, quotes, slogans and ad lines.' +
      link +
      "\n\nDidn't sign up? Reply to this e-mail and we will remove your address.";
    const html =
      '<p>Thank you for subscribing to the <strong>Genius Lines</strong> newsletter!</p>' +
      '<p>You will hear from us about new categories, tones and features for writing taglines, bios, captions, quotes, slogans and ad lines.</p>' +
      (opts.publicUrl ? `<p><a href="${escapeHtml(opts.publicUrl)}">Open Genius Lines</a></p>` : '') +
      '<p>Didn&#39;t sign up? Reply to this e-mail and we will remove your address.</p>';
    return { to: mail.to, subject: 'Welcome to Genius Lines', text, html };
  }
  if (mail.kind === 'team-invitation') {
    const text =
      `${oneLine(mail.inviterName)} invited you to join the team "${oneLine(mail.teamName)}" on Genius Lines as ${mail.role === 'admin' ? 'an admin' : 'a member'}.\n\n` +
      `Join the team: ${mail.link}\n\n` +
      `The link works once and until ${mail.expiresAt.toUTCString()}. Sign in (or sign up) with this e-mail address to accept.\n\n` +
      "Didn't expect this? Ignore this e-mail: nothing happens unless you open the link.";
    const html =
      `<p>${escapeHtml(mail.inviterName)} invited you to join the team <strong>${escapeHtml(mail.teamName)}</strong> on Genius Lines as ${mail.role === 'admin' ? 'an admin' : 'a member'}.</p>` +
      `<p><a href="${escapeHtml(mail.link)}">Join the team</a></p>` +
      `<p>The link works once and until ${escapeHtml(mail.expiresAt.toUTCString())}. Sign in (or sign up) with this e-mail address to accept.</p>` +
      '<p>Didn&#39;t expect this? Ignore this e-mail: nothing happens unless you open the link.</p>';
    return { to: mail.to, subject: oneLine(`Join ${mail.teamName} on Genius Lines`).slice(0, 200), text, html };
  }
  const subject = `[Contact] ${mail.subject}: ${oneLine(mail.name)}`.slice(0, 200);
  const text =
    `New message from the contact form\n\n` +
    `Name: ${mail.name}\nEmail: ${mail.email}\nSubject: ${mail.subject}\nReceived: ${mail.receivedAt.toISOString()}\n\n` +
    `${mail.message}\n`;
  const html =
    '<p>New message from the contact form</p>' +
    `<p><strong>Name:</strong> ${escapeHtml(mail.name)}<br><strong>Email:</strong> ${escapeHtml(mail.email)}<br>` +
    `<strong>Subject:</strong> ${escapeHtml(mail.subject)}<br><strong>Received:</strong> ${mail.receivedAt.toISOString()}</p>` +
    `<p style="white-space:pre-wrap">${escapeHtml(mail.message)}</p>`;
  return { to: opts.contactInbox, replyTo: { name: oneLine(mail.name), address: mail.email }, subject, text, html };
}
