import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paymentRow } from '../helpers/payments';
import { usePaymentsInBrowser } from './helpers/app';
import { openPage, screenshot, seriousA11yViolations } from './helpers/browser';
import { signInContext } from './helpers/user-session';

// DESIGN.md §20: when the STK push fails, the person pays by Lipa na M-Pesa Paybill; the plan activates live.
const app = usePaymentsInBrowser();

async function expectTouchTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'visible').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
}

describe('Lipa na M-Pesa Paybill on a phone', () => {
  it('at 390 px: the STK push times out, the person pays by Paybill (C2B), the plan activates without a reload; fits 320 px', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.h.server.url, viewport: 'phone' });
    try {
      const user = await signInContext(context, app.h.server);
      await page.goto('/pricing');
      await page.getByTestId('current-plan').filter({ hasText: 'Free' }).waitFor();
      await page.getByTestId('plan-pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
      await dialog.getByText('M-Pesa', { exact: true }).click();
      expect(await dialog.getByTestId('payment-price-kes').textContent()).toContain('KSh 1,289');

      // The STK push goes out, but the phone never answers: Daraja reports "DS timeout".
      await dialog.getByLabel('M-Pesa phone number').fill('0712345678');
      await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
      await dialog.getByText(/waiting for you to confirm on your phone/).waitFor();
      const pushes = await app.h.daraja.waitForPushes(1);
      const push = pushes[pushes.length - 1]!;
      await app.h.daraja.fireCallback(push.checkoutRequestID, 1037);
      await dialog.getByRole('alert').filter({ hasText: 'Payment failed. Please try again.' }).waitFor();

      // The failed state offers the Paybill.
      const offer = dialog.getByRole('button', { name: 'No prompt on your phone? Pay by Paybill' });
      await expectTouchTarget(offer);
      await offer.click();
      const pane = dialog.getByRole('region', { name: 'Lipa na M-Pesa: Paybill' });
      await pane.waitFor();
      const business = (await pane.getByTestId('paybill-business').textContent())!;
      const account = (await pane.getByTestId('paybill-account').textContent())!;
      expect(business).toBe('174379');
      expect(account).toMatch(/^[1-9]\d{7}$/);
      expect(await pane.getByTestId('paybill-amount').textContent()).toBe('KSh 1,289');
      const copy = pane.getByRole('button', { name: /Copy.*Account number/ });
      await expectTouchTarget(copy);
      await copy.click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account);
      await pane.getByRole('button', { name: /Copied.*Account number/ }).waitFor();

      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 844 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `paybill-${width}`, { fullPage: false });
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });

      // The customer pays from the M-Pesa menu; Daraja validates, then confirms.
      const paid = await app.h.daraja.payBill({ accountNumber: account, amount: 1289, msisdn: '254712345678' });
      expect(paid.validation!.body).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('current-plan').filter({ hasText: 'Pro' }).waitFor();

      // The billing page shows our receipt number and the M-Pesa code side by side.
      await page.goto('/billing');
      await page.getByRole('heading', { name: 'Pro plan' }).waitFor();
      const codes = page.getByTestId('payment-codes').first();
      await codes.waitFor();
      const row = await paymentRow(
        app.h.server,
        (await app.h.server.api('/payments/history', { token: user.token })).body.data.payments[0].id,
      );
      expect(await codes.textContent()).toBe(`Receipt ${row.receipt_number} · M-Pesa code ${paid.transId}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
