import { PermanentMailError, type Mail, type MailTransport } from './mail';
import { composeMail } from './templates';

export interface EmailJsOptions {
  baseUrl: string;
  serviceId: string;
  /** The default template: the contact form. */
  templateId?: string;
  /** The newsletter subscription template. */
  subscriptionTemplateId?: string;
  publicKey: string;
  /** The account's private key ("access token"); required when the account enforces it for API calls. */
  privateKey?: string;
  timeoutMs?: number;
}

/** Template params exactly as the EmailJS template names them (changing one breaks the template). */
export function emailJsTemplate(mail: Mail, opts: Pick<EmailJsOptions, 'templateId' | 'subscriptionTemplateId'>) {
  if (mail.kind === 'account') {
    // Account e-mails go through the default template, composed as for SMTP.
    if (!opts.templateId) throw new Error('EMAILJS_TEMPLATE_ID is not set: cannot send account e-mails');
    const composed = composeMail(mail, { contactInbox: mail.to });
    return {
      templateId: opts.templateId,
      params: { name: 'Genius Lines', email: mail.to, to_email: mail.to, subject: composed.subject, message: composed.text },
    };
  }
  if (mail.kind === 'newsletter-welcome') {
    if (!opts.subscriptionTemplateId) throw new Error('EMAILJS_SUBSCRIPTION_TEMPLATE_ID is not set: cannot send the newsletter welcome');
    return {
      templateId: opts.subscriptionTemplateId,
      params: { subscriber_email: mail.to, subscription_date: mail.subscribedAt.toISOString(), to_email: mail.to },
    };
  }
  if (mail.kind === 'team-invitation') {
    throw new PermanentMailError('Team invitations need SMTP (SMTP_URL): EmailJS has no template for them');
  }
  if (!opts.templateId) throw new Error('EMAILJS_TEMPLATE_ID is not set: cannot deliver contact messages');
  if (mail.kind === 'billing' || mail.kind === 'notice') {
    // The default template with the recipient set: the account's template must use {{to_email}}.
    return {
      templateId: opts.templateId,
      params: { name: 'Genius Lines', email: mail.to, to_email: mail.to, subject: mail.subject, message: mail.text },
    };
  }
  return { templateId: opts.templateId, params: { name: mail.name, email: mail.email, subject: mail.subject, message: mail.message } };
}

/**
 * EmailJS's REST API, called from the server so the keys never reach a browser:
 * POST {base}/api/v1.0/email/send; it answers plain text, 200 "OK" on success.
 */
export function createEmailJsTransport(opts: EmailJsOptions): MailTransport {
  const endpoint = `${opts.baseUrl.replace(/\/+$/, '')}/api/v1.0/email/send`;
  return {
    name: 'emailjs',
    async send(mail: Mail) {
      const { templateId, params } = emailJsTemplate(mail, opts);
      const body = {
        service_id: opts.serviceId,
        template_id: templateId,
        user_id: opts.publicKey,
        ...(opts.privateKey ? { accessToken: opts.privateKey } : {}),
        template_params: params,
      };
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
        });
      } catch (err) {
        throw new Error(`EmailJS unreachable: ${(err as Error).message}`, { cause: err });
      }
      const text = (await res.text().catch(() => '')).trim();
      if (res.status !== 200) throw new Error(`EmailJS answered ${res.status}: ${text.slice(0, 200) || res.statusText}`);
    },
  };
}
