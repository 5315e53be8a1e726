/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './helpers/app';
import { openPage, screenshot } from './helpers/browser';
import { signInContext } from './helpers/user-session';

const app = useAppInBrowser();

/** The prerendered public pages and the h1 each one's HTML carries. */
const PRERENDERED = [
  { path: '/', heading: 'Words that ship.' },
  { path: '/about', heading: 'Two people, one mission' },
  { path: '/pricing', heading: 'Choose your plan' },
  { path: '/community', heading: 'The Genius Lines Community' },
  { path: '/courses', heading: 'Premium Courses' },
  { path: '/contact', heading: 'Get in Touch' },
  { path: '/api-docs', heading: 'Genius Lines API' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
] as const;

const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

/** Text of the first <h1> of an HTML document, tags removed. */
function firstH1(html: string): string | undefined {
  const m = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m?.[1]!
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Waits until React has adopted the server HTML: the h1 the HTML came with is now React's node. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return h1 !== null && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });
}

describe('prerendered public pages', () => {
  it('the HTML the server sends for each public page already carries its heading, revalidated on every visit', async () => {
    for (const p of PRERENDERED) {
      const res = await fetch(app.server.url + p.path, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
      expect(res.status, p.path).toBe(200);
      expect(res.headers.get('cache-control'), p.path).toBe('no-cache');
      const html = await res.text();
      expect(firstH1(html), p.path).toContain(p.heading);
      expect(html, p.path).toContain(`data-prerendered="${p.path}"`);
      // The theme script and the page's own CSS rules are inline (nothing to fetch before the first
      // paint); the whole stylesheet is linked after the content, so it never holds the paint back.
      expect(html, p.path).not.toContain('<script src=');
      const link = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(html);
      expect(link, p.path).not.toBeNull();
      expect(html.indexOf(link![0]), p.path).toBeGreaterThan(html.indexOf('</footer>'));
      const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + m[1]!.length, 0);
      const whole = await (await fetch(app.server.url + link![1])).text();
      expect(inline, p.path).toBeGreaterThan(5_000);
      expect(inline, p.path).toBeLessThan(whole.length * 0.6);
    }
    // Any other page is the app shell, which React renders from scratch.
    const shell = await (await fetch(`${app.server.url}/generate`, { headers: { accept: 'text/html' } })).text();
    expect(firstH1(shell)).toBeUndefined();
    expect(shell).not.toContain('data-prerendered');
    // The shell paints with its own small inline CSS; the stylesheet comes after its content.
    expect(shell.indexOf('<link rel="stylesheet"')).toBeGreaterThan(shell.indexOf('Loading...'));
  });

  it('with JavaScript disabled, each public page shows its heading, header and footer at 390 px', async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false, viewport: PHONES[0], baseURL: app.server.url });
    try {
      const page = await context.newPage();
      for (const p of PRERENDERED) {
        await page.goto(p.path);
        const h1 = page.getByRole('heading', { level: 1 });
        expect(await h1.isVisible(), p.path).toBe(true);
        expect(await h1.textContent(), p.path).toContain(p.heading);
        expect(await page.getByRole('contentinfo').isVisible(), p.path).toBe(true);
        // The signed-out header (its Sign In link sits in the closed phone menu at this width).
        expect(await page.locator('header a[href="/auth"]').count(), p.path).toBeGreaterThan(0);
        expect(await page.getByRole('button', { name: 'Open menu' }).isVisible(), p.path).toBe(true);
      }
      await page.goto('/pricing');
      await screenshot(page, 'prerender-pricing-no-js-phone');
    } finally {
      await context.close();
    }
  });

  for (const viewport of PHONES) {
    it(`/ and /pricing hydrate at ${viewport.width} px without a console error, then respond`, async () => {
      const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
      try {
        await page.setViewportSize(viewport);
        for (const path of ['/', '/pricing']) {
          await page.goto(path);
          await hydrated(page);
          // Interactive: the phone menu opens and closes.
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
          await page.keyboard.press('Escape');
          await page.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'hidden' });
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('at 320 px, the phone menu opens on a tap made before the JavaScript has arrived, and stays open once the page hydrates', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await page.setViewportSize(PHONES[1]);
      // The page's scripts are held back (a slow phone network) until the tap has been made.
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await arrived;
        await route.continue();
      });
      // The frame's own goto: openPage's page.goto would wait for the hydration held back here.
      // (The page's module scripts hold DOMContentLoaded back too: wait for the header's button instead.)
      await page.mainFrame().goto(`${app.server.url}/pricing`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      const mobile = page.getByRole('navigation', { name: 'Mobile' });
      expect(await mobile.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await mobile.waitFor();
      expect(await mobile.getByRole('link', { name: 'Pricing' }).isVisible()).toBe(true);
      await screenshot(page, 'prerender-menu-before-hydration-320');
      release();
      await hydrated(page);
      // React has adopted the open menu: its button now closes it, and Escape does too.
      await page.getByRole('button', { name: 'Close menu' }).waitFor();
      expect(await mobile.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await mobile.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await mobile.waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signed in with the light theme: the page is light before any script and hydrates into the signed-in header without errors', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await page.setViewportSize(PHONES[1]);
      const user = await signInContext(context, app.server);
      await context.addInitScript(() => localStorage.setItem('genius-lines.theme', 'light'));
      for (const path of ['/', '/pricing']) {
        await page.goto(path);
        await hydrated(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), path).toBe(false);
        await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('navigation', { name: 'Mobile' });
        await menu.getByText(user.email).waitFor();
        await menu.getByRole('button', { name: 'Sign Out' }).waitFor();
        await screenshot(page, `prerender-signed-in-light-320${path === '/' ? '-home' : path.replace('/', '-')}`);
        await page.keyboard.press('Escape');
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/api-docs#examples hydrates the overview it was built with, then shows the examples tab with this server', async () => {
    const { page, context, errors } = await openPage(app.browser, { viewport: 'phone', baseURL: app.server.url });
    try {
      await page.goto('/api-docs#examples');
      await hydrated(page);
      await page.getByRole('tab', { name: 'Examples', selected: true }).waitFor();
      await page.getByText(app.server.url).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offline, a prerendered page and an app-shell page both open from the service worker', async () => {
    const { page, context, errors } = await openPage(app.browser, { viewport: 'phone', baseURL: app.server.url });
    try {
      await page.goto('/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await context.setOffline(true);
      await page.goto('/pricing');
      await hydrated(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Choose your plan');
      await page.getByTestId('offline-notice').waitFor();
      // Not prerendered: the shell, then the app renders the page.
      await page.goto('/generate');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.locator('#root').getAttribute('data-prerendered')).toBeNull();
      await context.setOffline(false);
      expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
