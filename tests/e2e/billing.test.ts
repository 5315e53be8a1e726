import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { payWithMpesa, payWithPaypal, paypalWebhookUrl, shiftBilling, subscribeWithPaypal, syncCatalog } from '../helpers/billing';
import { eventually } from '../helpers/eventually';
import { usePaymentsInBrowser } from './helpers/app';
import { openPage, screenshot } from './helpers/browser';
import { signInContext } from './helpers/user-session';

const app = usePaymentsInBrowser();
beforeAll(async () => {
  await syncCatalog(app.h);
});

/** A touch target at least 44 px tall and wide. */
async function expectTouchTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'visible').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
}

describe('/billing', () => {
  it('shows the plan and its end date, the upgrade quote with credit, and the history with a receipt; fits a 320 px phone', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.h.server.url, viewport: 'phone' });
    try {
      const user = await signInContext(context, app.h.server);
      await page.goto('/billing');
      await page.getByRole('heading', { name: 'Free plan' }).waitFor();
      expect(await page.getByText('No payments yet.').isVisible()).toBe(true);

      // Paid with M-Pesa ten days ago: the page follows live.
      await payWithMpesa(app.h, user, 'pro');
      await shiftBilling(app.h.server, user.id, 10);
      await page.reload();
      await page.getByRole('heading', { name: 'Pro plan' }).waitFor();
      expect(await page.getByTestId('billing-period').textContent()).toMatch(/^Ends on .+ Billed monthly with M-Pesa\.$/);
      expect(await page.getByText(/do not renew by themselves/).isVisible()).toBe(true);

      const quote = page.getByTestId('upgrade-quote');
      await quote.waitFor();
      const api = await app.h.server.api('/billing/quote?planId=business&interval=month', { token: user.token });
      const due = `$${(api.body.data.usd.amountDue / 100).toFixed(2)}`;
      expect(api.body.data.usd.credit).toBeGreaterThan(0);
      expect(await quote.textContent()).toContain(due);

      expect(await page.getByRole('listitem').filter({ hasText: 'completed' }).count()).toBe(1);
      const [receipt] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Receipt' }).click()]);
      await receipt.getByRole('heading', { name: 'Receipt' }).waitFor();
      expect(await receipt.textContent('body')).toMatch(/GL-\d{4}-\d{6}/);
      await receipt.close();

      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
      await screenshot(page, 'billing-320');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a 390 px phone: a PayPal subscription left behind is shown being cancelled, then failed with "Try again"; a refund is announced live', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.h.server.url, viewport: 'phone' });
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      const user = await signInContext(context, app.h.server);
      const { subscriptionID } = await subscribeWithPaypal(app.h, user, 'pro');
      // PayPal is away when the user upgrades with a one-time payment: the old subscription cannot be cancelled yet.
      for (let i = 0; i < 3; i++)
        app.h.paypal.failNext('subscription-action', {
          status: 503,
          body: { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' },
        });
      const business = await payWithPaypal(app.h, user, 'business');
      await page.goto('/billing');
      await page.getByRole('heading', { name: 'Business plan' }).waitFor();
      const pending = page.getByTestId('paypal-cancellations').getByRole('status');
      await pending.filter({ hasText: `Cancelling the PayPal subscription of your Pro plan (${subscriptionID}) at PayPal…` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'billing-390-paypal-cancelling');

      // The payment is refunded at PayPal: the page says so at once, and the plan before is back.
      const refund = app.h.paypal.refunds.refund(business.captureId);
      expect((await app.h.paypal.sendWebhook(paypalWebhookUrl(app.h), app.h.paypal.refunds.refundEvent(refund.id))).status).toBe(200);
      const notice = page.getByTestId('refund-notices');
      await notice.filter({ hasText: 'of your Business payment was refunded' }).waitFor();
      await page.getByRole('heading', { name: 'Pro plan' }).waitFor();
      await page.getByTestId('payment-status').filter({ hasText: 'Refunded' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'billing-390-refunded', { fullPage: true });
      for (const receipt of await page.getByRole('button', { name: 'Receipt' }).all()) await expectTouchTarget(receipt);

      // PayPal answers again: the page follows by itself.
      await page
        .getByTestId('paypal-cancellations')
        .filter({ hasText: `We cancelled the PayPal subscription of your Pro plan (${subscriptionID}) at PayPal on` })
        .waitFor({ timeout: 30_000 });

      // A second user whose cancellation PayPal refuses for good: the failure, and a 44 px "Try again".
      const other = await signInContext(context, app.h.server);
      const second = await subscribeWithPaypal(app.h, other, 'pro');
      app.h.paypal.failNext('subscription-action', {
        status: 403,
        body: { name: 'NOT_AUTHORIZED', message: 'Authorization failed due to insufficient permissions.' },
      });
      await app.h.server.api('/subscriptions', { token: other.token, body: { planId: 'free' } });
      await eventually(
        async () => (await app.h.server.api('/billing', { token: other.token })).body.data.paypalCancellations[0]?.status === 'failed',
      );
      await page.reload();
      const failed = page.getByTestId('paypal-cancellations').getByRole('alert');
      await failed.filter({ hasText: `(${second.subscriptionID}) at PayPal, so PayPal may charge you again` }).waitFor();
      const again = failed.getByRole('button', { name: 'Try again' });
      await expectTouchTarget(again);
      await screenshot(page, 'billing-390-paypal-cancel-failed');
      await again.click();
      await page.getByTestId('paypal-cancellations').filter({ hasText: 'We cancelled the PayPal subscription' }).waitFor();
      expect(app.h.paypal.billing.subscriptions.get(second.subscriptionID).status).toBe('CANCELLED');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a 390 px phone: a second upgrade while one is open is refused in the payment dialog, and the open one can be cancelled', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.h.server.url, viewport: 'phone' });
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      const user = await signInContext(context, app.h.server);
      await payWithMpesa(app.h, user, 'pro');
      await shiftBilling(app.h.server, user.id, 10);
      // An M-Pesa upgrade started on another device and not answered yet holds the credit.
      const open = await app.h.server.api('/payments/mpesa/stk-push', {
        token: user.token,
        body: { planId: 'business', interval: 'month', phoneNumber: '0712345678' },
      });
      expect(open.status).toBe(200);

      await page.goto('/pricing');
      await page.getByTestId('plan-business').getByRole('button', { name: 'Upgrade to Business' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Business' });
      await dialog.waitFor();
      await dialog.getByText('M-Pesa', { exact: true }).click();
      await dialog.getByLabel('M-Pesa phone number').fill('0712345678');
      await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'An upgrade payment that uses the credit from your current plan is already in progress' })
        .waitFor();
      const cancel = dialog.getByRole('button', { name: 'Cancel that payment and start again' });
      await expectTouchTarget(cancel);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'payment-dialog-390-upgrade-in-progress');

      await cancel.click();
      await dialog.getByRole('status').filter({ hasText: 'The other payment is cancelled. You can pay now.' }).waitFor();
      await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
      await dialog.getByText(/waiting for you to confirm on your phone/).waitFor();
      // The browser logs the refused request itself; nothing else went wrong.
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    } finally {
      await context.close();
    }
  });
});
