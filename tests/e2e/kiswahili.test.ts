/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './helpers/app';
import { screenshot, seriousA11yViolations, untilInteractive } from './helpers/browser';
import { pageScrollWidth } from './helpers/layout';
import { signInContext } from './helpers/user-session';

const app = useAppInBrowser();

/** English interface words of the public pages: none may show on a Kiswahili page. */
const ENGLISH_HOME = [
  'Words that ship',
  'No bugs attached',
  'See plans',
  'What do you need today',
  'Why Genius Lines',
  'Lines in seconds',
  'Sign In',
  'Open menu',
  'Privacy Policy',
  'Terms of Service',
  'All rights reserved',
  'Explore',
];
const ENGLISH_PRICING = [
  'Choose your plan',
  'Monthly',
  'Yearly',
  'Most Popular',
  'Free forever',
  'Get Started Free',
  'billed yearly',
  '/month',
  'Frequently asked questions',
  'Enterprise Solutions',
  'Contact Sales',
  'Unlimited generations',
  'Sign In',
];
/** Interface words only (the code sample in the home page's illustration stays code). */
const visibleText = (page: Page) => page.evaluate(() => document.body.innerText.replace(/const lines[\s\S]*?code, create, laugh/, ''));

/** A phone set to Kiswahili (Kenya): navigator.languages and Accept-Language say sw-KE. */
async function kiswahiliPhone(width = 390, height = 844): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await app.browser.newContext({ viewport: { width, height }, locale: 'sw-KE', baseURL: app.server.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, context, errors };
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await untilInteractive(page);
}

describe('Kiswahili first (a phone set to sw-KE)', () => {
  it('/ and /pricing arrive in Kiswahili from the first byte, with no English interface words', async () => {
    const first = await fetch(`${app.server.url}/`, { headers: { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8', accept: 'text/html' } });
    expect(await first.text()).toMatch(/<html lang="sw"/);
    expect(first.headers.get('vary')).toMatch(/Accept-Language/);

    const { page, context, errors } = await kiswahiliPhone();
    try {
      await open(page, '/');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
      await page.getByRole('heading', { level: 1, name: /Maneno yanayofanya kazi/ }).waitFor();
      await page.getByRole('link', { name: 'Tazama mipango' }).waitFor();
      await page.getByRole('heading', { name: 'Unahitaji nini leo?' }).waitFor();
      const home = await visibleText(page);
      expect(ENGLISH_HOME.filter((w) => home.includes(w))).toEqual([]);
      expect(home).toContain('Haki zote zimehifadhiwa');
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(390);
      await screenshot(page, 'kiswahili-home-390');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await open(page, '/pricing');
      await page.getByRole('heading', { level: 1, name: 'Chagua mpango wako' }).waitFor();
      await page.getByRole('heading', { name: 'Bure' }).waitFor();
      const pricing = await visibleText(page);
      expect(pricing).toContain('/mwezi');
      expect(pricing).toContain('Tunga bila kikomo');
      expect(ENGLISH_PRICING.filter((w) => pricing.includes(w))).toEqual([]);
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(390);
      await screenshot(page, 'kiswahili-pricing-390');
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The pages were adopted by React as served (no mismatch between the HTML and the app).
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the switch in the phone menu moves to English and back, and the choice survives a reload', async () => {
    const { page, context } = await kiswahiliPhone();
    try {
      await open(page, '/pricing');
      await page.getByRole('button', { name: 'Fungua menyu' }).click();
      await page.getByRole('navigation', { name: 'Simu' }).getByRole('combobox', { name: 'Lugha' }).selectOption('en');
      await page.getByRole('heading', { level: 1, name: 'Choose your plan' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

      await page.reload();
      await untilInteractive(page);
      await page.getByRole('heading', { level: 1, name: 'Choose your plan' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await visibleText(page)).not.toContain('Chagua mpango wako');

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('combobox', { name: 'Language' }).selectOption('sw');
      await page.getByRole('heading', { level: 1, name: 'Chagua mpango wako' }).waitFor();
      await page.reload();
      await untilInteractive(page);
      await page.getByRole('heading', { level: 1, name: 'Chagua mpango wako' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
    } finally {
      await context.close();
    }
  });

  it('at 320 px nothing in Kiswahili is wider than the screen, the phone menu included', async () => {
    const { page, context } = await kiswahiliPhone(320, 640);
    try {
      for (const url of ['/', '/pricing']) {
        await open(page, url);
        expect(await pageScrollWidth(page), url).toBeLessThanOrEqual(320);
        await screenshot(page, `kiswahili-${url === '/' ? 'home' : 'pricing'}-320`);
      }
      await page.getByRole('button', { name: 'Fungua menyu' }).click();
      await page.getByRole('navigation', { name: 'Simu' }).getByRole('combobox', { name: 'Lugha' }).waitFor();
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(320);
      await screenshot(page, 'kiswahili-menu-320', { fullPage: false });
    } finally {
      await context.close();
    }
  });

  it('on a tablet and a laptop, the signed-in header in Kiswahili fits its links and the switch', async () => {
    for (const width of [768, 1024, 1280]) {
      const { page, context } = await kiswahiliPhone(width, 800);
      try {
        await signInContext(context, app.server);
        await open(page, '/pricing');
        // Below 1280 px the links live in the menu (Kiswahili's are longer); from there on in the header, with the switch beside them.
        if (width < 1280) await page.getByRole('button', { name: 'Fungua menyu' }).waitFor();
        else {
          await page.getByRole('navigation', { name: 'Menyu kuu' }).getByRole('link', { name: 'Mistari iliyohifadhiwa' }).waitFor();
          await page.getByRole('banner').getByRole('combobox', { name: 'Lugha' }).first().waitFor();
        }
        const header = await page.evaluate(() => {
          const bar = document.querySelector('header > div')!;
          // A link or button on two lines is taller than one line of the bar.
          const wrapped = [...bar.querySelectorAll('a, button, select')]
            .filter((e) => e.getBoundingClientRect().height > 44)
            .map((e) => (e as HTMLElement).innerText);
          return { scroll: bar.scrollWidth, client: bar.clientWidth, page: document.documentElement.scrollWidth, wrapped };
        });
        await screenshot(page, `kiswahili-header-${width}`, { fullPage: false });
        expect(header.scroll, `${width}px`).toBeLessThanOrEqual(header.client);
        expect(header.page, `${width}px`).toBeLessThanOrEqual(width);
        expect(header.wrapped, `${width}px`).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('the service worker opens each page in the chosen language, offline too, never a cached copy of the other one', async () => {
    const { page, context } = await kiswahiliPhone();
    try {
      await open(page, '/pricing');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      // The next visit, from the service worker, comes in Kiswahili too.
      const repeat = await page.reload();
      expect(repeat?.fromServiceWorker()).toBe(true);
      expect(await repeat?.text()).toMatch(/<html lang="sw"/);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await untilInteractive(page);

      await page.getByRole('button', { name: 'Fungua menyu' }).click();
      await page.getByRole('navigation', { name: 'Simu' }).getByRole('combobox', { name: 'Lugha' }).selectOption('en');
      await page.getByRole('heading', { level: 1, name: 'Choose your plan' }).waitFor();
      await context.setOffline(true);
      // The HTML itself (not only what the app renders over it) is the chosen language's.
      const english = await page.reload();
      expect(english?.fromServiceWorker()).toBe(true);
      expect(await english?.text()).toMatch(/<html lang="en"/);
      await untilInteractive(page);
      await page.getByRole('heading', { level: 1, name: 'Choose your plan' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('combobox', { name: 'Language' }).selectOption('sw');
      await page.getByRole('heading', { level: 1, name: 'Chagua mpango wako' }).waitFor();
      const kiswahili = await page.goto('/');
      expect(await kiswahili?.text()).toMatch(/<html lang="sw"/);
      await untilInteractive(page);
      await page.getByRole('heading', { level: 1, name: /Maneno yanayofanya kazi/ }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
      await page.getByTestId('offline-notice').filter({ hasText: 'Uko nje ya mtandao' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
