import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { precompressDir } from '@gl/client/precompress';
import { useAppOnOwnBuild } from './helpers/app';
import { openPage, screenshot } from './helpers/browser';

// A copy of the build of its own: the update test deploys a "new build" into it.
const app = useAppOnOwnBuild();

/** Loads the page until the service worker is installed and controls it (the second load). */
async function openControlled(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

describe('installable app', () => {
  it('has a manifest with the app name, 192/512/maskable icons, standalone display and the theme colours', async () => {
    const { page, context } = await openPage(app.browser, { viewport: 'phone', baseURL: app.server.url });
    try {
      await page.goto('/');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = await (await fetch(new URL(href!, app.server.url))).json();
      expect(manifest).toMatchObject({ name: 'Genius Lines', short_name: 'Genius Lines', display: 'standalone', start_url: '/' });
      expect(manifest.theme_color).toBe('#020617');
      const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
      expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
      for (const icon of manifest.icons) {
        const res = await fetch(new URL(icon.src, app.server.url));
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
      }
      // Both themes colour the browser bar.
      const colours = await page.locator('meta[name="theme-color"]').evaluateAll((m) => m.map((e) => e.getAttribute('content')));
      expect(colours.length).toBeGreaterThan(0);
      expect(new Set(colours)).toEqual(new Set(['#020617']));
    } finally {
      await context.close();
    }
  });

  it('opens without a connection, from the device, and says it is offline; then says when it is back', async () => {
    const { page, context } = await openPage(app.browser, { viewport: 'phone', baseURL: app.server.url });
    try {
      await openControlled(page, '/');
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Words that ship/ }).waitFor();
      await page.getByTestId('offline-notice').waitFor();
      await expect(page.getByTestId('offline-notice').textContent()).resolves.toMatch(/You are offline/);
      // Another page of the app opens offline too (its chunk is precached).
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About' }).click();
      await page.getByRole('heading', { level: 1, name: /Two people, one mission/ }).waitFor();
      await screenshot(page, 'pwa-offline-phone');
      await context.setOffline(false);
      await page.getByTestId('online-notice').waitFor();
      expect(await page.getByTestId('offline-notice').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a new build deployed while the app is open shows "New version available" and Reload switches to it', async () => {
    const { page, context } = await openPage(app.browser, { viewport: 'phone', baseURL: app.server.url });
    try {
      await openControlled(page, '/');
      expect(await page.getByTestId('update-notice').count()).toBe(0);
      // Deploy: a service worker with different bytes (as every new build has), compressed like the build does.
      const sw = path.join(app.dist, 'sw.js');
      writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// build ${Date.now()}\n`);
      precompressDir(app.dist);
      await page.reload();
      const notice = page.getByTestId('update-notice');
      await notice.waitFor({ timeout: 20_000 });
      expect(await notice.textContent()).toMatch(/New version available/);
      await screenshot(page, 'pwa-update-notice-phone');
      await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
      await page.getByRole('heading', { level: 1, name: /Words that ship/ }).waitFor();
      expect(await page.getByTestId('update-notice').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
