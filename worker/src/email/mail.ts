/** What the worker sends; each transport turns it into its own wire format. */
export type Mail =
  | { kind: 'newsletter-welcome'; to: string; subscribedAt: Date }
  | { kind: 'contact'; name: string; email: string; subject: string; message: string; receivedAt: Date }
  | { kind: 'team-invitation'; to: string; teamName: string; inviterName: string; role: string; link: string; expiresAt: Date };

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
