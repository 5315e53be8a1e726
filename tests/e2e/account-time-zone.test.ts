/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/users';
import { useAppInBrowser } from './helpers/app';
import { screenshot, untilInteractive } from './helpers/browser';
import { heightsOf, pageScrollWidth, TAP_MIN } from './helpers/layout';
import { signUpViaUi, storeSession, uniqueEmail } from './helpers/user-session';

/**
 * DESIGN.md §20 in a real browser: sign-up keeps the device's time zone, and the account page's
 * time zone select works and fits a phone (390 and 320 px) in both languages.
 */
const app = useAppInBrowser();

async function phone(timezoneId: string, language: 'en' | 'sw'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({
    viewport: { width: 390, height: 844 },
    timezoneId,
    locale: language === 'sw' ? 'sw-KE' : 'en-US',
    baseURL: app.server.url,
  });
  if (language === 'sw') await context.addCookies([{ name: 'gl_lang', value: 'sw', url: app.server.url }]);
  return { context, page: await context.newPage() };
}

/** The section fits 390 and 320 px with no sideways scroll and a 44 px select; a screenshot of each. */
async function fitsPhones(page: Page, name: string, label: string): Promise<void> {
  for (const [width, height] of [
    [390, 844],
    [320, 640],
  ] as const) {
    await page.setViewportSize({ width, height });
    const select = page.getByRole('combobox', { name: label });
    await select.scrollIntoViewIfNeeded();
    expect(await pageScrollWidth(page), `${name} at ${width}`).toBeLessThanOrEqual(width);
    expect(Math.min(...(await heightsOf(select)))).toBeGreaterThanOrEqual(TAP_MIN);
    await screenshot(page, `account-time-zone-${name}-${width}`, { fullPage: false });
  }
}

describe('the account time zone in a browser', () => {
  it("English, a device in Honolulu: sign-up keeps the device's zone; the select shows it and changes it", async () => {
    const { context, page } = await phone('Pacific/Honolulu', 'en');
    try {
      await signUpViaUi(page, { name: 'Keoni', email: uniqueEmail('tz'), password: 'correct horse battery' });
      await page.goto('/account');
      await untilInteractive(page);
      const select = page.getByRole('combobox', { name: 'Time zone' });
      await expect.poll(() => select.inputValue()).toBe('Pacific/Honolulu');
      await expect.poll(() => page.getByText(/It is \d{1,2}:\d{2}\s[AP]M HST now in this zone\./).count()).toBe(1);
      await fitsPhones(page, 'en', 'Time zone');

      const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/time-zone') && r.ok());
      await select.selectOption('Africa/Nairobi');
      await saved;
      await page.getByText('Time zone saved.').waitFor();
      await expect.poll(() => page.getByText(/ EAT now in this zone\./).count()).toBe(1);
      await page.getByRole('button', { name: "Use this device's time zone (Pacific/Honolulu)" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('Kiswahili, Nairobi: the section speaks Kiswahili, times on the 24-hour clock with EAT, and fits 320 px', async () => {
    const { context, page } = await phone('Africa/Nairobi', 'sw');
    try {
      const user = await registerUser(app.server);
      await app.server.api('/account/language', { method: 'PATCH', token: user.token, body: { language: 'sw' } });
      await app.server.api('/account/time-zone', { method: 'PATCH', token: user.token, body: { timeZone: 'Africa/Nairobi' } });
      await storeSession(context, app.server, user);
      await page.goto('/account');
      await untilInteractive(page);
      const select = page.getByRole('combobox', { name: 'Saa za eneo' });
      await expect.poll(() => select.inputValue()).toBe('Africa/Nairobi');
      await expect.poll(() => page.getByText(/^Sasa hivi ni \d{2}:\d{2} EAT katika eneo hili\.$/).count()).toBe(1);
      // The devices list: this sign-in's time on Nairobi's clock, never "saa 13" nor UTC.
      const devices = page.getByRole('region', { name: 'Vifaa vilivyoingia' });
      await expect.poll(() => devices.getByText(/kiliingia .*\d{2}:\d{2} EAT/).count()).toBeGreaterThan(0);
      expect(await devices.textContent()).not.toMatch(/saa \d|UTC/);
      await fitsPhones(page, 'sw', 'Saa za eneo');
    } finally {
      await context.close();
    }
  });
});
