/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './helpers/app';
import { openPage } from './helpers/browser';
import { signInContext } from './helpers/user-session';

const app = useAppInBrowser();

const isDark = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('app shell', () => {
  it('theme: dark by default, the toggle persists across a reload, applied before any app script runs', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await page.goto('/');
      expect(await isDark(page)).toBe(true);
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      expect(await isDark(page)).toBe(false);
      await page.reload();
      await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
      expect(await isDark(page)).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem('genius-lines.theme'))).toBe('light');

      // No flash: with the app's JavaScript blocked, the stored theme is still on <html>. (A page of
      // its own: openPage's navigations wait for the app to be interactive, which it never is here.)
      const blocked = await context.newPage();
      await blocked.route('**/assets/*.js', (route) => route.abort());
      await blocked.goto('/');
      expect(await isDark(blocked)).toBe(false);
      await blocked.evaluate(() => localStorage.setItem('genius-lines.theme', 'dark'));
      await blocked.reload();
      expect(await isDark(blocked)).toBe(true);
      expect(errors.filter((e) => !/ERR_FAILED|Failed to load/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a 401 the client cannot recover from clears the session and sends the user to /auth (but not from /)', async () => {
    const { page, context } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await context.addInitScript(() => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('genius-lines.token', 'not-a-real-token');
        localStorage.setItem('genius-lines.refresh-token', 'not-a-real-refresh-token');
        localStorage.setItem('genius-lines.user', JSON.stringify({ id: 'x', name: 'Ghost', email: 'ghost@example.com', planId: 'free' }));
      });
      await page.goto('/');
      await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate(() => localStorage.getItem('genius-lines.token'))).toBeNull();

      const second = await context.newPage();
      await second.addInitScript(() => {
        localStorage.setItem('genius-lines.token', 'not-a-real-token');
        localStorage.setItem('genius-lines.refresh-token', 'not-a-real-refresh-token');
        localStorage.setItem('genius-lines.user', JSON.stringify({ id: 'x', name: 'Ghost', email: 'ghost@example.com', planId: 'free' }));
      });
      await second.goto('/pricing');
      await second.waitForURL('**/auth');
      await second.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('an expired access token is refreshed transparently', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      const user = await signInContext(context, app.server);
      // Replace the access token with a syntactically valid but wrong one: the refresh token still works.
      await context.addInitScript(() => localStorage.setItem('genius-lines.token', 'eyJhbGciOiJIUzI1NiJ9.e30.invalid'));
      await page.goto('/saved');
      await page.getByRole('heading', { name: 'Saved Lines', exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/saved');
      const token = await page.evaluate(() => localStorage.getItem('genius-lines.token'));
      expect(token).not.toBe('eyJhbGciOiJIUzI1NiJ9.e30.invalid');
      expect(await page.evaluate(() => localStorage.getItem('genius-lines.refresh-token'))).not.toBe(user.refreshToken);
      expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Services dropdown by hover and keyboard; Saved Lines only when signed in; the phone menu', async () => {
    const { page, context } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Saved Lines' }).count()).toBe(0);
      const services = nav.getByRole('button', { name: 'Services' });
      await services.hover();
      await nav.getByRole('link', { name: /Community/ }).waitFor();
      await page.mouse.move(0, 600);
      await nav.getByRole('link', { name: /Community/ }).waitFor({ state: 'hidden' });
      await services.focus();
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction(() => document.activeElement?.textContent?.includes('Courses'));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/community');

      await signInContext(context, app.server);
      await page.goto('/');
      await nav.getByRole('link', { name: 'Saved Lines' }).waitFor();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      const mobile = page.getByRole('navigation', { name: 'Mobile' });
      for (const name of ['Home', 'Generate', 'About', 'Contact', 'Saved Lines', 'Courses', 'Community', 'Pricing', 'API']) {
        expect(await mobile.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
      }
      await mobile.getByRole('link', { name: 'Pricing' }).click();
      await page.waitForURL('**/pricing');
      expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });
});
