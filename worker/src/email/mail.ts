import type { UiLanguage } from '@gl/core';

/** What the worker sends; each transport turns it into its own wire format. `language`: the recipient's (English when absent). */
export type Mail =
  | {
      kind: 'newsletter-welcome';
      to: string;
      subscribedAt: Date;
      /** RFC 8058 one-click endpoint (List-Unsubscribe) and the client's /unsubscribe page (the visible link). */
      unsubscribe?: { oneClickUrl: string; pageUrl: string };
      language?: UiLanguage;
    }
  | AccountMail
  | {
      kind: 'team-invitation';
      to: string;
      teamName: string;
      inviterName: string;
      role: string;
      link: string;
      expiresAt: Date;
      language?: UiLanguage;
      /** The IANA zone the expiry is written in: the invitee's account's, else the inviter's. */
      timeZone?: string;
    }
  | { kind: 'contact'; name: string; email: string; subject: string; message: string; receivedAt: Date }
  | { kind: 'billing'; to: string; name: string; subject: string; text: string; html: string }
  /** A notice composed by its feature (an approval link's summary): subject and bodies as given. */
  | { kind: 'notice'; to: string; name: string; subject: string; text: string; html: string };

/** Account e-mails (outbound_emails): a reset or verification link, or a notice. */
export interface AccountMail {
  kind: 'account';
  template:
    | 'password-reset'
    | 'email-verification'
    | 'email-change'
    | 'email-change-notice'
    | 'account-deleted'
    | 'webhook-disabled'
    | 'webhook-created'
    | 'webhook-secret-rotated';
  to: string;
  name?: string;
  /** The link carrying the token (reset, verification, change of e-mail). */
  link?: string;
  /** How long the link works, in words ("30 minutes"). */
  validFor?: string;
  /** Until when, in the recipient's language and time zone ("November 28, 2026, 1:35 PM EAT"). */
  validUntil?: string;
  newEmail?: string;
  /** The endpoint a webhook notice (disabled, created, secret rotated) is about. */
  webhookUrl?: string;
  /** The app's origin (for notices). */
  appUrl: string;
  /** The recipient account's language. */
  language?: UiLanguage;
}

export interface MailTransport {
  readonly name: 'smtp' | 'emailjs' | 'log' | 'none';
  send(mail: Mail): Promise<void>;
}

/** A failure that retrying cannot fix (e.g. the recipient's address is refused): the row is marked failed at once. */
export class PermanentMailError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentMailError';
  }
}
