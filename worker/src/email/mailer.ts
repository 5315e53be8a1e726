import type { Config, Logger } from '@gl/core/server';
import { createEmailJsTransport } from './emailjs.transport';
import { createLogTransport, createMissingTransport } from './log.transport';
import type { MailTransport } from './mail';
import { createSmtpTransport } from './smtp.transport';

export type { Mail, MailTransport } from './mail';
export { PermanentMailError } from './mail';

export type MailTransportName = MailTransport['name'];

/**
 * Which transport the configuration asks for:
 * - MAIL_TRANSPORT=emailjs, or unset with EMAILJS_SERVICE_ID + EMAILJS_TEMPLATE_ID + EMAILJS_PUBLIC_KEY set: EmailJS;
 * - otherwise SMTP when SMTP_URL is set (the default transport);
 * - nothing configured: the log transport in development and tests (mail is logged and counts as
 *   delivered); in production `none`: sends fail, rows stay pending then failed, an error is logged.
 */
export function chooseTransport(config: Config): MailTransportName {
  const emailJsReady = Boolean(config.EMAILJS_SERVICE_ID && config.EMAILJS_PUBLIC_KEY && config.EMAILJS_TEMPLATE_ID);
  const wanted = config.MAIL_TRANSPORT ?? (emailJsReady ? 'emailjs' : 'smtp');
  if (wanted === 'emailjs' && emailJsReady) return 'emailjs';
  if (wanted === 'smtp' && config.SMTP_URL) return 'smtp';
  return config.isProduction ? 'none' : 'log';
}

export function createMailer(config: Config, logger: Logger): MailTransport {
  const name = chooseTransport(config);
  const common = { contactInbox: config.CONTACT_INBOX, publicUrl: config.PUBLIC_URL };
  switch (name) {
    case 'smtp':
      return createSmtpTransport({ url: config.SMTP_URL!, from: config.MAIL_FROM, ...common });
    case 'emailjs':
      return createEmailJsTransport({
        baseUrl: config.EMAILJS_BASE_URL,
        serviceId: config.EMAILJS_SERVICE_ID!,
        templateId: config.EMAILJS_TEMPLATE_ID,
        subscriptionTemplateId: config.EMAILJS_SUBSCRIPTION_TEMPLATE_ID,
        publicKey: config.EMAILJS_PUBLIC_KEY!,
        privateKey: config.EMAILJS_PRIVATE_KEY,
      });
    case 'log':
      logger.warn('no SMTP_URL or EmailJS keys: e-mails are written to the log instead of being sent');
      return createLogTransport({ logger, ...common });
    default:
      logger.error(
        'no e-mail transport configured in production: newsletter and contact e-mails stay stored and are NOT delivered; set SMTP_URL or the EMAILJS_* variables',
      );
      return createMissingTransport();
  }
}

const mailers = new WeakMap<Config, MailTransport>();

/** One mailer per configuration (per process in production; per test server in tests). */
export function mailerFor(ctx: { config: Config; logger: Logger }): MailTransport {
  let mailer = mailers.get(ctx.config);
  if (!mailer) {
    mailer = createMailer(ctx.config, ctx.logger);
    mailers.set(ctx.config, mailer);
  }
  return mailer;
}
