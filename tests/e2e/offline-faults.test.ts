/// <reference lib="dom" />
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { precompressDir } from '@gl/client/precompress';
import { registerUser } from '../helpers/users';
import { useAppOnOwnBuild } from './helpers/app';
import { openPage, screenshot } from './helpers/browser';
import { generatedLines, storeSession } from './helpers/user-session';

// A copy of the build of its own: the stale-worker test deploys a "new build" into it.
const app = useAppOnOwnBuild();

/**
 * Deploys a "new build" into `dist`: every hashed JS and CSS file gets a new name (as a real build
 * with changed code does), references in index.html, the chunks and the service worker follow, and
 * the old files are gone from the server.
 */
function deployNewBuild(): void {
  const assets = path.join(app.dist, 'assets');
  const renames = readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f): [string, string] => [f, f.replace(/\.(js|css)$/, 'n2.$1')])
    .sort((a, b) => b[0].length - a[0].length);
  for (const f of readdirSync(assets).filter((f) => /\.(br|gz)$/.test(f))) rmSync(path.join(assets, f));
  for (const [from, to] of renames) renameSync(path.join(assets, from), path.join(assets, to));
  const rewrite = (file: string, extra?: (s: string) => string) => {
    let text = readFileSync(file, 'utf8');
    for (const [from, to] of renames) text = text.split(from).join(to);
    writeFileSync(file, extra ? extra(text) : text);
  };
  for (const [, to] of renames) rewrite(path.join(assets, to));
  rewrite(path.join(app.dist, 'index.html'));
  // The precache list as client/src/sw.ts's build writes it: {"revision":"…","url":"index.html"}.
  rewrite(path.join(app.dist, 'sw.js'), (s) => s.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, '$1' + 'f'.repeat(32) + '$2'));
  precompressDir(app.dist);
}

/** Loads the page until the service worker is installed and controls it. */
async function openControlled(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Uncaught errors in the page (a blank page's usual cause). */
function uncaught(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

describe('faults: storage refused', () => {
  it('IndexedDB, Cache Storage and the service worker refused (private mode, a full disk): the app works online and a save made offline still goes once', async () => {
    const ada = await registerUser(app.server, { name: 'Ada Private' });
    const { page, context } = await openPage(app.browser, { viewport: 'phone', baseURL: app.server.url });
    const errors = uncaught(page);
    try {
      await context.addInitScript(() => {
        const refused = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        IDBFactory.prototype.open = () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        };
        CacheStorage.prototype.open = () => Promise.reject(refused());
        ServiceWorkerContainer.prototype.register = () =>
          Promise.reject(new DOMException('Service workers are disabled.', 'SecurityError'));
      });
      await storeSession(context, app.server, ada);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /Words that ship/ }).waitFor();

      await page.goto('/generate');
      await page.getByRole('heading', { name: 'Generate lines' }).waitFor();
      await page.getByRole('button', { name: 'Generate Lines' }).click();
      await page.getByTestId('source-notice').waitFor();
      const first = (await generatedLines(page).nth(0).locator('p').first().textContent())!.trim();
      const second = (await generatedLines(page).nth(1).locator('p').first().textContent())!.trim();
      await page.getByRole('button', { name: 'Save line 1' }).click();
      await page.getByRole('button', { name: 'Save line 1' }).filter({ hasText: 'Saved' }).waitFor();

      // Offline, the save is kept in memory for as long as the page is open, then sent.
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Save line 2' }).click();
      await page.getByRole('button', { name: 'Save line 2' }).filter({ hasText: 'Pending' }).waitFor();
      await context.setOffline(false);
      await page.getByRole('button', { name: 'Save line 2' }).filter({ hasText: 'Saved' }).waitFor();

      await page.goto('/saved');
      await page.getByText(first).waitFor();
      await page.getByText(second).waitFor();
      const library = await app.server.api('/lines/saved', { token: ada.token });
      expect(library.body.data.total).toBe(2);
      await screenshot(page, 'faults-storage-refused-saved-phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('faults: a service worker from an older build', () => {
  it('an open page of the old build keeps working, offers the new one, and follows when another tab takes it', async () => {
    const { page: oldTab, context } = await openPage(app.browser, { viewport: 'phone', baseURL: app.server.url });
    const errors = uncaught(oldTab);
    try {
      await openControlled(oldTab, '/');
      const oldEntry = await oldTab.locator('script[type="module"][src*="/assets/"]').first().getAttribute('src');
      expect(oldEntry).not.toContain('n2.js');

      deployNewBuild();

      // The old worker still serves the old build: a reload opens it, and offers the new version.
      await oldTab.reload();
      await oldTab.getByRole('heading', { level: 1, name: /Words that ship/ }).waitFor();
      await oldTab.getByTestId('update-notice').waitFor({ timeout: 20_000 });

      // In a second tab the person takes the new version: the new worker takes over, the old files are gone.
      const newTab = await context.newPage();
      await newTab.goto('/');
      const notice = newTab.getByTestId('update-notice');
      await notice.waitFor({ timeout: 20_000 });
      await Promise.all([newTab.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
      await newTab.getByRole('heading', { level: 1, name: /Words that ship/ }).waitFor();
      expect(await newTab.locator('script[type="module"][src*="/assets/"]').first().getAttribute('src')).toContain('n2.js');

      // The first tab, still running the old build, opens a page whose chunk no longer exists anywhere.
      await oldTab.getByRole('button', { name: 'Open menu' }).click();
      await oldTab.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About' }).click();
      await oldTab.getByRole('heading', { level: 1, name: /Two people, one mission/ }).waitFor({ timeout: 20_000 });
      expect(await oldTab.locator('script[type="module"][src*="/assets/"]').first().getAttribute('src')).toContain('n2.js');
      await screenshot(oldTab, 'faults-old-build-recovered-phone');
      expect(errors.filter((e) => !/dynamically imported module|Importing a module script failed/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a page of the old build without a service worker (refused, or not yet installed) reloads into the new build when its chunk is gone', async () => {
    const context = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: app.server.url,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const errors = uncaught(page);
    try {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /Words that ship/ }).waitFor();
      const before = await page.locator('script[type="module"][src*="/assets/"]').first().getAttribute('src');

      deployNewBuild();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About' }).click();
      await page.getByRole('heading', { level: 1, name: /Two people, one mission/ }).waitFor({ timeout: 20_000 });
      expect(await page.locator('script[type="module"][src*="/assets/"]').first().getAttribute('src')).not.toBe(before);
      await screenshot(page, 'faults-missing-chunk-recovered-phone');
      expect(errors.filter((e) => !/dynamically imported module|Importing a module script failed/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
