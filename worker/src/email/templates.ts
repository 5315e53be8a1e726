import { DEFAULT_TIME_ZONE, formatTimeFor } from '@gl/core';
import { escapeHtml, oneLine } from './escape';
import type { AccountMail, Mail } from './mail';
import { ACCOUNT_SUBJECTS_SW, accountParagraphsSw, newsletterWelcomeSw, teamInvitationSw } from './templates-sw';

export interface ComposedMail {
  to: string;
  headers?: Record<string, string>;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

/** The e-mails as SMTP (and the development log) sends them. */
export function composeMail(mail: Mail, opts: { contactInbox: string; publicUrl?: string }): ComposedMail {
  if (mail.kind === 'account') return composeAccountMail(mail);
  if (mail.kind === 'newsletter-welcome') {
    const headers = mail.unsubscribe
      ? { 'List-Unsubscribe': `<${mail.unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : undefined;
    if (mail.language === 'sw') return { to: mail.to, ...newsletterWelcomeSw(mail, opts.publicUrl), headers };
    const link = opts.publicUrl ? `\n\nCome back any time: ${opts.publicUrl}` : '';
    const unsubscribe = mail.unsubscribe;
    const text =
      'Thank you for subscribing to the Genius Lines newsletter!\n\n' +
      'You will hear from us about new categories, tones and features for writing taglines, bios, captions, quotes, slogans and ad lines.' +
      link +
      (unsubscribe
        ? `\n\nDon't want these e-mails? Unsubscribe: ${unsubscribe.pageUrl}`
        : "\n\nDidn't sign up? Reply to this e-mail and we will remove your address.");
    const html =
      '<p>Thank you for subscribing to the <strong>Genius Lines</strong> newsletter!</p>' +
      '<p>You will hear from us about new categories, tones and features for writing taglines, bios, captions, quotes, slogans and ad lines.</p>' +
      (opts.publicUrl ? `<p><a href="${escapeHtml(opts.publicUrl)}">Open Genius Lines</a></p>` : '') +
      (unsubscribe
        ? `<p style="font-size:12px;color:#666">Don&#39;t want these e-mails? <a href="${escapeHtml(unsubscribe.pageUrl)}">Unsubscribe</a></p>`
        : '<p>Didn&#39;t sign up? Reply to this e-mail and we will remove your address.</p>');
    // RFC 2369 + RFC 8058: mail providers show an "unsubscribe" button that POSTs to the one-click URL (headers above).
    return { to: mail.to, subject: 'Welcome to Genius Lines', text, html, headers };
  }
  if (mail.kind === 'team-invitation') {
    if (mail.language === 'sw') return { to: mail.to, ...teamInvitationSw(mail) };
    const expires = formatTimeFor(mail.expiresAt, { language: 'en', timeZone: mail.timeZone ?? DEFAULT_TIME_ZONE });
    const text =
      `${oneLine(mail.inviterName)} invited you to join the team "${oneLine(mail.teamName)}" on Genius Lines as ${mail.role === 'admin' ? 'an admin' : 'a member'}.\n\n` +
      `Join the team: ${mail.link}\n\n` +
      `The link works once and until ${expires}. Sign in (or sign up) with this e-mail address to accept.\n\n` +
      "Didn't expect this? Ignore this e-mail: nothing happens unless you open the link.";
    const html =
      `<p>${escapeHtml(mail.inviterName)} invited you to join the team <strong>${escapeHtml(mail.teamName)}</strong> on Genius Lines as ${mail.role === 'admin' ? 'an admin' : 'a member'}.</p>` +
      `<p><a href="${escapeHtml(mail.link)}">Join the team</a></p>` +
      `<p>The link works once and until ${escapeHtml(expires)}. Sign in (or sign up) with this e-mail address to accept.</p>` +
      '<p>Didn&#39;t expect this? Ignore this e-mail: nothing happens unless you open the link.</p>';
    return { to: mail.to, subject: oneLine(`Join ${mail.teamName} on Genius Lines`).slice(0, 200), text, html };
  }
  if (mail.kind === 'billing' || mail.kind === 'notice')
    return { to: mail.to, subject: oneLine(mail.subject), text: mail.text, html: mail.html };
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

const ACCOUNT_SUBJECTS: Record<AccountMail['template'], string> = {
  'password-reset': 'Reset your Genius Lines password',
  'email-verification': 'Confirm your email address',
  'email-change': 'Confirm your new email address',
  'email-change-notice': 'Your Genius Lines email address is being changed',
  'account-deleted': 'Your Genius Lines account has been deleted',
  'webhook-disabled': 'Your Genius Lines webhook endpoint has been disabled',
  'webhook-created': 'A webhook endpoint was added to your Genius Lines account',
  'webhook-secret-rotated': 'The signing secret of your Genius Lines webhook endpoint was replaced',
};

const until = (mail: AccountMail) => (mail.validUntil ? ` (until ${mail.validUntil})` : '');

/** Paragraphs of an account e-mail (plain text; the HTML version escapes them and turns the link into a button). */
function accountParagraphs(mail: AccountMail): { lines: string[]; button?: string } {
  const hello = mail.name ? `Hello ${oneLine(mail.name)},` : 'Hello,';
  switch (mail.template) {
    case 'password-reset':
      return {
        lines: [
          hello,
          'Someone (hopefully you) asked to reset the password of your Genius Lines account. Open this link to choose a new one:',
          `This link works once, for ${mail.validFor}${until(mail)}. If you did not ask for it, ignore this e-mail: your password stays the same.`,
        ],
        button: 'Choose a new password',
      };
    case 'email-verification':
      return {
        lines: [
          hello,
          'Please confirm that this is your email address by opening this link:',
          `The link works once, for ${mail.validFor}${until(mail)}.`,
        ],
        button: 'Confirm my email',
      };
    case 'email-change':
      return {
        lines: [
          hello,
          'You asked to use this address for your Genius Lines account. Open this link to confirm it:',
          `Until you do, your account keeps its current address. The link works once, for ${mail.validFor}${until(mail)}.`,
        ],
        button: 'Confirm my new email',
      };
    case 'email-change-notice':
      return {
        lines: [
          hello,
          `Someone asked to change the email address of your Genius Lines account to ${mail.newEmail}. The change happens only when the link sent to that address is opened.`,
          `If this was not you, sign in and change your password now: ${mail.appUrl}/account`,
        ],
      };
    case 'account-deleted':
      return {
        lines: [
          hello,
          'Your Genius Lines account and its saved lines, generations and API keys have been deleted. Records of payments are kept for accounting, without your name or email address.',
          `You are welcome back any time: ${mail.appUrl}`,
        ],
      };
    case 'webhook-disabled':
      return {
        lines: [
          hello,
          `Every attempt to deliver events to your webhook endpoint ${oneLine(mail.webhookUrl ?? '')} has failed for more than 24 hours, so we have stopped sending to it.`,
          `Once the endpoint answers again (with a 2xx status), rotate its secret on the API docs page to turn it back on, or delete it: ${mail.appUrl}/api-docs#webhooks`,
        ],
      };
    case 'webhook-created':
      return {
        lines: [
          hello,
          `A webhook endpoint was added to your Genius Lines account: ${oneLine(mail.webhookUrl ?? '')}. It receives your saved lines, generations and campaigns as they happen.`,
          `If this was not you, delete it and change your password now. Your endpoints: ${mail.appUrl}/api-docs#webhooks`,
        ],
      };
    case 'webhook-secret-rotated':
      return {
        lines: [
          hello,
          `The signing secret of your webhook endpoint ${oneLine(mail.webhookUrl ?? '')} was replaced; the old one no longer works. If the endpoint was disabled, it is on again.`,
          `If this was not you, delete the endpoint and change your password now. Your endpoints: ${mail.appUrl}/api-docs#webhooks`,
        ],
      };
  }
}

function composeAccountMail(mail: AccountMail): ComposedMail {
  const sw = mail.language === 'sw';
  const { lines, button } = sw ? accountParagraphsSw(mail) : accountParagraphs(mail);
  const textParts = [...lines];
  const htmlParts = lines.map((l) => `<p>${escapeHtml(l)}</p>`);
  if (mail.link && button) {
    // The link goes right after the paragraph that introduces it.
    textParts.splice(2, 0, mail.link);
    htmlParts.splice(
      2,
      0,
      `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(button)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(mail.link)}</p>`,
    );
  }
  return {
    to: mail.to,
    subject: (sw ? ACCOUNT_SUBJECTS_SW : ACCOUNT_SUBJECTS)[mail.template],
    text: textParts.join('\n\n') + '\n',
    html: htmlParts.join(''),
  };
}
