import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/process';
import { startPaymentsHarness, type PaymentsHarness } from '../helpers/payments';
import { usePaymentsInBrowser } from './helpers/app';
import { openPage, screenshot } from './helpers/browser';
import { pageScrollWidth } from './helpers/layout';
import { getPlan } from '@gl/core';
import { signInContext } from './helpers/user-session';
import { startPaypalStub, type PaypalStub } from '@gl/simulators';
import { PaypalClient, syncPaypalCatalog } from '@gl/core/server';
import type { Page } from 'playwright-core';

const app = usePaymentsInBrowser();

describe('/pricing', () => {
  it('monthly/yearly prices, the free card, Enterprise and the FAQ; a visitor choosing a paid plan goes to /auth', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.h.server.url });
    try {
      await page.goto('/pricing');
      const pro = page.getByTestId('plan-pro');
      await pro.getByTestId('plan-price').filter({ hasText: '$9.99' }).waitFor();
      expect(await page.getByTestId('plan-business').getByTestId('plan-price').textContent()).toBe('$29.99');
      await page.getByRole('button', { name: /Yearly/ }).click();
      expect(await page.getByRole('button', { name: /Yearly/ }).textContent()).toContain('20% OFF');
      // 9.99 x 12 x 0.8 = 95.90 a year; 95.90 / 12 = 7.99 a month.
      expect(await pro.getByTestId('plan-price').textContent()).toBe('$7.99');
      expect(await pro.textContent()).toContain('$95.90 billed yearly');
      expect(await page.getByTestId('plan-business').textContent()).toContain('$287.90 billed yearly');
      expect(await page.getByTestId('plan-free').getByRole('button').textContent()).toBe('Get Started Free');
      await page.getByTestId('plan-free').getByRole('button').click({ force: true });
      expect(new URL(page.url()).pathname).toBe('/pricing');
      expect(await page.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe('/contact');
      expect(await page.locator('details').count()).toBe(5);
      const faq = await page.locator('details').allTextContents();
      expect(faq.join(' ')).toMatch(/take effect immediately/);
      // Each plan with campaigns shows its daily budget of campaign lines (DESIGN §22).
      expect(await pro.textContent()).toContain(`Campaigns: up to ${getPlan('pro').limits.campaignLinesPerDay} lines a day`);
      expect(await page.getByTestId('plan-business').textContent()).toContain(
        `Campaigns: up to ${getPlan('business').limits.campaignLinesPerDay} lines a day`,
      );
      expect(faq.join(' ')).toMatch(/How many campaigns can I plan\?/);
      expect(faq.join(' ')).toMatch(/30-day money-back guarantee/);
      await pro.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.waitForURL('**/auth');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('at 390 and 320 px the cards with their campaign budgets and the FAQ fit: no sideways scroll', async () => {
    for (const width of [390, 320]) {
      const { page, context, errors } = await openPage(app.browser, { baseURL: app.h.server.url, viewport: 'phone' });
      try {
        await page.setViewportSize({ width, height: 844 });
        await page.goto('/pricing');
        await page
          .getByTestId('plan-business')
          .getByText(/Campaigns: up to \d+ lines a day/)
          .waitFor();
        await page.getByText('How many campaigns can I plan?').click();
        await page.getByText(/campaigns being written at a time/).waitFor();
        expect(await pageScrollWidth(page)).toBeLessThanOrEqual(width);
        await screenshot(page, `pricing-campaign-budget-${width}`, { fullPage: true });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('an M-Pesa purchase completes live through the Daraja callback; the meter turns unlimited', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.h.server.url });
    try {
      await signInContext(context, app.h.server);
      await page.goto('/generate');
      await page.getByTestId('usage-remaining').filter({ hasText: '10 of 10' }).waitFor();

      await page.goto('/pricing');
      await page.getByTestId('current-plan').filter({ hasText: 'Free' }).waitFor();
      await page.getByTestId('plan-free').getByRole('button', { name: 'Current Plan', exact: true }).waitFor();
      await page.getByTestId('plan-pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
      await dialog.waitFor();
      expect(await dialog.getByRole('radio', { name: /PayPal/ }).isChecked()).toBe(true);
      await dialog.getByText('M-Pesa', { exact: true }).click();

      await dialog.getByLabel('M-Pesa phone number').fill('071234');
      await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
      expect(await dialog.getByRole('alert').textContent()).toContain('Please enter a valid phone number');

      // First attempt: the customer cancels on the phone.
      await dialog.getByLabel('M-Pesa phone number').fill('0712345678');
      await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
      await dialog.getByText(/waiting for you to confirm on your phone/).waitFor();
      const [first] = await app.h.daraja.waitForPushes(1);
      expect(first!.body.PhoneNumber).toBe('254712345678');
      expect(first!.body.AccountReference).toMatch(/^[1-9]\d{7}$/);
      await app.h.daraja.fireCallback(first!.checkoutRequestID, 1032);
      await dialog.getByRole('alert').filter({ hasText: 'Payment cancelled by user' }).waitFor();

      // Second attempt: confirmed. The modal closes and the page shows the new plan at once.
      await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
      await dialog.getByText(/waiting for you to confirm on your phone/).waitFor();
      const pushes = await app.h.daraja.waitForPushes(2);
      const answer = await app.h.daraja.fireCallback(pushes[1]!.checkoutRequestID, 0);
      expect(answer.status).toBe(200);
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('status').filter({ hasText: 'You are now on the Pro plan' }).waitFor();
      await page.getByTestId('current-plan').filter({ hasText: 'Pro' }).waitFor();
      expect(await page.getByTestId('plan-pro').getByRole('button').textContent()).toBe('Current Plan');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Generate' }).click();
      await page.getByTestId('usage-unlimited').waitFor();
      expect(await page.getByRole('radio', { name: /Inspirational Quotes/ }).isEnabled()).toBe(true);
      expect(await page.getByLabel(/Custom instructions/).isEnabled()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  describe('with simulated payment providers (what `npm start` gives a newcomer)', () => {
    let sandbox: PaymentsHarness;
    let approving: PaypalStub;
    beforeAll(async () => {
      // The PayPal simulator approves every order by itself, as the development sandbox does.
      approving = await startPaypalStub({ clientId: 'pp-client', clientSecret: 'pp-secret', autoApprove: true });
      sandbox = await startPaymentsHarness({
        CLIENT_DIST_DIR: path.join(REPO_ROOT, 'client', 'dist'),
        PAYMENTS_SIMULATED: 'true',
        PAYPAL_BASE_URL: approving.url,
      });
      // As `npm run paypal:sync` (or the sandbox at start) does: the simulator's product and plans, ids stored.
      await syncPaypalCatalog(
        new PaypalClient({ baseUrl: approving.url, clientId: 'pp-client', clientSecret: 'pp-secret' }),
        sandbox.server.services.ctx.db,
      );
    });
    afterAll(async () => {
      await sandbox?.stop();
      await approving?.close();
    });

    it("says so plainly, and 'Simulate PayPal approval' buys the plan (create-order, then capture-order)", async () => {
      const { page, context, errors } = await openPage(app.browser, { baseURL: sandbox.server.url });
      try {
        await signInContext(context, sandbox.server);
        await page.goto('/pricing');
        await page.getByRole('button', { name: /Yearly/ }).click();
        await page.getByTestId('plan-business').getByRole('button', { name: 'Upgrade to Business' }).click();
        const dialog = page.getByRole('dialog', { name: 'Upgrade to Business' });
        expect(await dialog.getByTestId('sandbox-notice').textContent()).toMatch(/simulated/i);
        expect(await dialog.textContent()).toContain('$287.90');
        await dialog.getByRole('button', { name: 'Simulate PayPal approval' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByTestId('current-plan').filter({ hasText: 'Business' }).waitFor();
        const created = approving.requests.find((r) => r.method === 'POST' && r.path === '/v2/checkout/orders');
        expect(created?.body.purchase_units[0].amount.value).toBe('287.90');
        expect(approving.requests.some((r) => /\/v2\/checkout\/orders\/[^/]+\/capture$/.test(r.path))).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('on a phone (390 and 320 px): the dialog fits, traps focus, Escape returns focus to the opener; "Renews automatically" subscribes through the sandbox', async () => {
      const { page, context, errors } = await openPage(app.browser, { baseURL: sandbox.server.url, viewport: 'phone' });
      try {
        await signInContext(context, sandbox.server);
        await page.goto('/pricing');
        await page.getByTestId('current-plan').filter({ hasText: 'Free' }).waitFor();
        const opener = page.getByTestId('plan-pro').getByRole('button', { name: 'Upgrade to Pro' });
        await opener.click();
        const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
        await dialog.waitFor();

        for (const width of [390, 320]) {
          await page.setViewportSize({ width, height: 740 });
          const box = (await dialog.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          expect(await noSidewaysScroll(page)).toBe(true);
        }

        // Focus starts inside and stays inside, both ways round.
        expect(await focusInDialog(page)).toBe(true);
        for (const key of [...Array(10).fill('Tab'), ...Array(10).fill('Shift+Tab')]) {
          await page.keyboard.press(key);
          expect(await focusInDialog(page)).toBe(true);
        }
        // The page under the dialog does not scroll.
        expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await expectFocused(opener);

        // Offline, nothing can be paid; the pane says so instead of spinning.
        await opener.click();
        await dialog.waitFor();
        await dialog.getByText('Renews automatically', { exact: true }).click();
        const subscribe = dialog.getByRole('button', { name: 'Simulate PayPal subscription approval' });
        await context.setOffline(true);
        await dialog.getByTestId('payment-offline').filter({ hasText: "You're offline. Payments need a connection." }).waitFor();
        expect(await subscribe.isDisabled()).toBe(true);
        await screenshot(page, 'pricing-subscribe-offline-320', { fullPage: false });
        await context.setOffline(false);
        await dialog.getByTestId('payment-offline').waitFor({ state: 'detached' });
        expect(await subscribe.isEnabled()).toBe(true);

        expect(await dialog.getByTestId('renewal-terms').textContent()).toMatch(/every month until you turn auto-renew off/);
        expect(await noSidewaysScroll(page)).toBe(true);
        await screenshot(page, 'pricing-subscribe-320', { fullPage: false });
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, 'pricing-subscribe-390', { fullPage: false });

        await subscribe.click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('status').filter({ hasText: 'You are now on the Pro plan' }).waitFor();
        await page
          .getByTestId('current-plan')
          .filter({ hasText: /Pro · renews/ })
          .waitFor();
        const created = approving.requests.filter((r) => r.method === 'POST' && r.path === '/v1/billing/subscriptions');
        expect(created).toHaveLength(1);
        expect([...approving.billing.subscriptions.values()].map((x) => [x.custom_id !== undefined, x.status])).toEqual([[true, 'ACTIVE']]);

        // The billing page shows the renewing PayPal plan with auto-renew on.
        await page.goto('/billing');
        await page.getByRole('heading', { name: 'Pro plan' }).waitFor();
        expect(await page.getByTestId('billing-period').textContent()).toMatch(/^Renews on .+ Billed monthly with PayPal\.$/);
        expect(await page.getByRole('switch', { name: 'Auto-renew' }).getAttribute('aria-checked')).toBe('true');
        // Chromium logs the live socket's failed reconnects while the context was offline; nothing else.
        expect(errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
async function expectFocused(locator: ReturnType<Page['locator']>) {
  await expect.poll(() => locator.evaluate((el) => el === document.activeElement)).toBe(true);
}
