import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import type { TestServer } from '../helpers/server';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { startAppServer } from './helpers/app';
import { launchBrowser, openPage } from './helpers/browser';

const INBOX = 'inbox@geniuslines.test';
let smtp: SmtpStub;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtpStub();
  server = await startAppServer({ env: { SMTP_URL: smtp.url, CONTACT_INBOX: INBOX, MAIL_FROM: 'Genius Lines <hello@geniuslines.test>' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const subscribersWith = (email: string) =>
  server.services.ctx.db.select().from(schema.newsletterSubscribers).where(eq(schema.newsletterSubscribers.email, email));

describe('footer newsletter', () => {
  it('refuses a bad address, subscribes a good one (welcome mail arrives), and a repeat is the same success', async () => {
    const { page, context, errors } = await openPage(browser, { baseURL: server.url });
    try {
      await page.goto('/about');
      const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });
      const email = form.getByLabel('Email address');
      const button = form.getByRole('button');

      await email.fill('not-an-email@nowhere');
      await button.click();
      await form.getByText('Please enter a valid email address').waitFor();
      expect(await subscribersWith('not-an-email@nowhere')).toEqual([]);

      await email.fill('grace@example.com');
      await button.click();
      await form.getByText('Thank you for subscribing!').waitFor();
      await expect(button.textContent()).resolves.toBe('Subscribed!');
      await expect(email.inputValue()).resolves.toBe('');
      const welcome = await smtp.waitFor((m) => m.envelope.to.includes('grace@example.com'));
      expect(welcome.text.length).toBeGreaterThan(0);
      // The notice goes away by itself (after 3 s).
      await form.getByText('Thank you for subscribing!').waitFor({ state: 'detached', timeout: 10_000 });
      await expect(button.textContent()).resolves.toBe('Subscribe');

      // Repeat: the same answer, still one subscriber.
      await email.fill('Grace@Example.com');
      await button.click();
      await form.getByText('Thank you for subscribing!').waitFor();
      expect(await subscribersWith('grace@example.com')).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the home page field (type email) subscribes too', async () => {
    const { page, context, errors } = await openPage(browser, { baseURL: server.url });
    try {
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Subscribe to the newsletter' });
      await expect(form.getByRole('textbox').getAttribute('type')).resolves.toBe('email');
      await form.getByRole('textbox').fill('linus@example.com');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await form.getByText('Thank you for subscribing!').waitFor();
      await smtp.waitFor((m) => m.envelope.to.includes('linus@example.com'));
      expect(await subscribersWith('linus@example.com')).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('contact form', () => {
  it('sends the message: Message Sent!, the form is cleared, and it arrives at the contact inbox over SMTP', async () => {
    const { page, context, errors } = await openPage(browser, { baseURL: server.url });
    try {
      await page.goto('/contact');
      await page.getByLabel('Name', { exact: true }).fill('Margaret Hamilton');
      await page.getByLabel('Email', { exact: true }).fill('margaret@example.com');
      await page.getByLabel('Subject', { exact: true }).selectOption('Partnership');
      await page.getByLabel('Message', { exact: true }).fill('We would love to put your taglines on our launch posters. 🚀');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByRole('button', { name: 'Message Sent!' }).waitFor();
      for (const label of ['Name', 'Subject', 'Message'])
        await expect(page.getByLabel(label, { exact: true }).inputValue()).resolves.toBe('');
      await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe('');

      const mail = await smtp.waitFor((m) => m.envelope.to.includes(INBOX) && m.text.includes('launch posters'));
      expect(mail.text).toContain('Margaret Hamilton');
      expect(mail.text).toContain('🚀');
      expect(`${mail.subject} ${mail.text}`).toContain('Partnership');
      expect(mail.replyTo).toContain('margaret@example.com');

      await page.getByRole('button', { name: 'Send Message' }).waitFor({ timeout: 10_000 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows the server's message when the server refuses", async () => {
    const { page, context } = await openPage(browser, { baseURL: server.url });
    try {
      await page.goto('/contact');
      await page.getByLabel('Name', { exact: true }).fill('Eve');
      // Passes the browser's e-mail check, fails the spec's pattern on the server (no dot in the domain).
      await page.getByLabel('Email', { exact: true }).fill('eve@localhost');
      await page.getByLabel('Subject', { exact: true }).selectOption('Other');
      await page.getByLabel('Message', { exact: true }).fill('Hello');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('email: Please enter a valid email address').waitFor();
      await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Eve');
    } finally {
      await context.close();
    }
  });
});
