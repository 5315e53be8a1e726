import { describe, expect, it } from 'vitest';
import { loadConfig } from '@gl/core/server';
import { chooseTransport } from './mailer';
import { emailJsTemplate } from './emailjs.transport';
import { composeMail } from './templates';

const emailjs = { EMAILJS_SERVICE_ID: 's', EMAILJS_TEMPLATE_ID: 't', EMAILJS_PUBLIC_KEY: 'p' };

describe('chooseTransport', () => {
  it('uses SMTP when SMTP_URL is set, EmailJS when its keys are set, MAIL_TRANSPORT when it says so', () => {
    expect(chooseTransport(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }))).toBe('smtp');
    expect(chooseTransport(loadConfig({ ...emailjs }))).toBe('emailjs');
    expect(chooseTransport(loadConfig({ ...emailjs, SMTP_URL: 'smtp://h:25' }))).toBe('emailjs');
    expect(chooseTransport(loadConfig({ ...emailjs, SMTP_URL: 'smtp://h:25', MAIL_TRANSPORT: 'smtp' }))).toBe('smtp');
  });

  it('logs in development and refuses to pretend in production when nothing is configured', () => {
    expect(chooseTransport(loadConfig({}))).toBe('log');
    expect(chooseTransport(loadConfig({ NODE_ENV: 'test' }))).toBe('log');
    expect(
      chooseTransport(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://lines.example.com' })),
    ).toBe('none');
    // Asked for EmailJS without its keys: not configured.
    expect(
      chooseTransport(
        loadConfig({
          NODE_ENV: 'production',
          JWT_SECRET: 'x'.repeat(32),
          PUBLIC_URL: 'https://lines.example.com',
          MAIL_TRANSPORT: 'emailjs',
        }),
      ),
    ).toBe('none');
  });
});

describe('e-mail contents', () => {
  const contact = {
    kind: 'contact' as const,
    name: 'Eve\r\nBcc: x@y.z',
    email: 'eve@example.com',
    subject: 'Other',
    message: '<b>hi</b>',
    receivedAt: new Date('2026-01-02T03:04:05.000Z'),
  };

  it('EmailJS params are exactly the spec’s', () => {
    expect(emailJsTemplate(contact, { templateId: 'tpl' })).toEqual({
      templateId: 'tpl',
      params: { name: contact.name, email: 'eve@example.com', subject: 'Other', message: '<b>hi</b>' },
    });
    const at = new Date('2026-05-06T07:08:09.123Z');
    expect(emailJsTemplate({ kind: 'newsletter-welcome', to: 'a@b.co', subscribedAt: at }, { subscriptionTemplateId: 'sub' })).toEqual({
      templateId: 'sub',
      params: { subscriber_email: 'a@b.co', subscription_date: '2026-05-06T07:08:09.123Z', to_email: 'a@b.co' },
    });
    expect(() => emailJsTemplate({ kind: 'newsletter-welcome', to: 'a@b.co', subscribedAt: at }, { templateId: 'tpl' })).toThrow(
      /EMAILJS_SUBSCRIPTION_TEMPLATE_ID/,
    );
  });

  it('contact mail goes to the inbox, replies to the sender, and keeps CR/LF out of headers and HTML out of markup', () => {
    const mail = composeMail(contact, { contactInbox: 'inbox@x.y' });
    expect(mail.to).toBe('inbox@x.y');
    expect(mail.replyTo).toEqual({ name: 'Eve Bcc: x@y.z', address: 'eve@example.com' });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain('&lt;b&gt;hi&lt;/b&gt;');
  });
});
