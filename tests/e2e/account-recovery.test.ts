import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { linkIn, nthMailTo } from '../helpers/mail-links';
import { registerUser } from '../helpers/users';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { startAppServer } from './helpers/app';
import { launchBrowser, openPage, screenshot, seriousA11yViolations } from './helpers/browser';
import { storeSession } from './helpers/user-session';

let smtp: SmtpStub;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtpStub();
  server = await startAppServer({ env: { SMTP_URL: smtp.url } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Nothing sticks out sideways at the current width. */
const overflows = (page: Page) =>
  page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
    return doc.documentElement.scrollWidth > doc.documentElement.clientWidth;
  });

describe('forgot password journey', () => {
  it('forgot password → mail → reset page → signed in; the old session is over', async () => {
    const user = await registerUser(server, { name: 'Achieng Otieno', password: 'forgotten-one' });
    const { page, context, errors } = await openPage(browser, { baseURL: server.url });
    try {
      await page.goto('/auth');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText(`If an account uses ${user.email}`).waitFor();
      await screenshot(page, 'account-forgot-password');

      const { url } = linkIn(await nthMailTo(smtp, user.email, /Reset your Genius Lines password/), '/reset-password');
      await page.goto(url);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill('remembered-now');
      await page.getByLabel('Repeat new password').fill('remembered-now');
      await screenshot(page, 'account-reset-password');
      await page.getByRole('button', { name: 'Set new password' }).click();

      await page.waitForURL((u) => u.pathname === '/account');
      await page.getByRole('heading', { name: 'Account settings' }).waitFor();
      await page.getByText('Your password has been changed and you are signed in.').waitFor();
      await screenshot(page, 'account-after-reset');
      // Signed in as them: the header's user menu carries their name.
      await page.getByRole('button', { name: /Achieng Otieno/ }).waitFor();
      // Opening the reset link proved the address: no verification banner.
      expect(await page.getByRole('region', { name: 'Email verification' }).count()).toBe(0);

      expect((await server.api('/auth/me', { token: user.token })).status).toBe(401);
      expect((await server.api('/auth/login', { body: { email: user.email, password: 'remembered-now' } })).status).toBe(200);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('account pages at phone widths', () => {
  it('the account page and the unverified banner fit 390 and 320 px, with no serious a11y violations', async () => {
    const user = await registerUser(server, { name: 'Wambui Njeri' });
    const { page, context, errors } = await openPage(browser, { baseURL: server.url, viewport: 'phone' });
    try {
      await storeSession(context, server, user);
      await page.goto('/account');
      await page.getByRole('heading', { name: 'Account settings' }).waitFor();
      await page.getByText('This device', { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Email verification' }).waitFor();
      expect(await overflows(page)).toBe(false);
      await screenshot(page, 'account-settings-390');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 320, height: 720 });
      expect(await overflows(page)).toBe(false);
      await screenshot(page, 'account-settings-320');
      for (const path of ['/forgot-password', '/unsubscribe?token=x', '/reset-password?token=x']) {
        await page.goto(path);
        await page.getByRole('heading').first().waitFor();
        expect(await overflows(page), path).toBe(false);
      }
      await screenshot(page, 'account-reset-password-320');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
