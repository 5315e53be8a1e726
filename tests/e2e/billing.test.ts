import { describe, expect, it } from 'vitest';
import { payWithMpesa, shiftBilling } from '../helpers/billing';
import { usePaymentsInBrowser } from './helpers/app';
import { openPage, screenshot } from './helpers/browser';
import { signInContext } from './helpers/user-session';

const app = usePaymentsInBrowser();

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
});
