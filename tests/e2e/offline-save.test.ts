/// <reference lib="dom" />
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../helpers/users';
import { useAppInBrowser } from './helpers/app';
import { ARTIFACTS_DIR, openPage, screenshot } from './helpers/browser';
import { generatedLines, storeSession } from './helpers/user-session';

const app = useAppInBrowser();

/** Loads the page until the service worker is installed and controls it (so a reload offline opens the app). */
async function openControlled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Generates lines online; answers the first line's text. */
async function generate(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Generate lines' }).waitFor();
  await page.getByRole('button', { name: 'Generate Lines' }).click();
  await page.getByTestId('source-notice').waitFor();
  return (await generatedLines(page).first().locator('p').first().textContent())!.trim();
}

/** Every POST /api/lines/save this page sends, with its Idempotency-Key. */
function watchSaves(context: BrowserContext): string[] {
  const keys: string[] = [];
  context.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/lines/save') keys.push(req.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

async function libraryOf(user: TestUser): Promise<string[]> {
  const res = await app.server.api('/lines/saved', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data.savedLines.map((l: { text: string }) => l.text);
}

/** What is queued on this device (the IndexedDB the client keeps pending saves in). */
function queuedOnDevice(page: Page): Promise<Array<{ userId: string; text: string }>> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('genius-lines-pending', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('saves', { keyPath: 'key' });
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const all = req.result.transaction('saves').objectStore('saves').getAll();
          all.onsuccess = () => {
            resolve(all.result.map((e: { userId: string; text: string }) => ({ userId: e.userId, text: e.text })));
            req.result.close();
          };
        };
      }),
  );
}

describe('a save tapped offline', () => {
  it('is shown as Pending (390 and 320 px), survives a reload offline, and is sent once when the connection returns', async () => {
    const ada = await registerUser(app.server, { name: 'Ada Pending' });
    const { page, context } = await openPage(app.browser, { viewport: 'phone', baseURL: app.server.url });
    const sent = watchSaves(context);
    try {
      await storeSession(context, app.server, ada);
      await openControlled(page, '/generate');
      const text = await generate(page);

      await context.setOffline(true);
      await page.getByTestId('offline-notice').waitFor();
      // Generating needs a connection: said, and the button is disabled rather than spinning.
      await page.getByTestId('needs-connection').waitFor();
      expect(await page.getByRole('button', { name: 'Generate Lines' }).isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Save line 1' }).click();
      const saveButton = page.getByRole('button', { name: 'Save line 1' });
      await saveButton.filter({ hasText: 'Pending' }).waitFor();
      expect(await saveButton.isDisabled()).toBe(true);
      const status = page.getByTestId('pending-save');
      expect(await status.textContent()).toMatch(/Pending: it will be saved when you are back online/);
      expect(await status.getAttribute('role')).toBe('status');
      await expect.poll(() => queuedOnDevice(page)).toEqual([{ userId: ada.id, text }]);
      await status.scrollIntoViewIfNeeded();
      await screenshot(page, 'offline-save-pending-390');
      await generatedLines(page)
        .first()
        .screenshot({ path: path.join(ARTIFACTS_DIR, 'offline-save-pending-line-390.png') });
      await page.setViewportSize({ width: 320, height: 640 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await screenshot(page, 'offline-save-pending-320');
      await status.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await generatedLines(page)
        .first()
        .screenshot({ path: path.join(ARTIFACTS_DIR, 'offline-save-pending-line-320.png') });
      await page.setViewportSize({ width: 390, height: 844 });

      // Still offline: the app opens again from the device and /saved shows the save as pending.
      await page.goto('/saved');
      await page.getByRole('heading', { name: 'Saved Lines', exact: true }).waitFor();
      const pending = page.getByTestId('pending-saves');
      await pending.waitFor();
      expect(await pending.textContent()).toContain(text);
      expect(await pending.getByText('Pending', { exact: false }).count()).toBeGreaterThan(0);
      await screenshot(page, 'offline-save-pending-saved-page-390');
      expect(sent).toEqual([]);
      expect(await libraryOf(ada)).toEqual([]);

      // Account changes need a connection: each section says so and its button waits.
      await page.goto('/account');
      await page.getByRole('button', { name: 'Change password' }).waitFor();
      expect(await page.getByTestId('needs-connection').count()).toBeGreaterThanOrEqual(5);
      expect(await page.getByTestId('needs-connection').first().textContent()).toMatch(/You are offline\. .+ needs a connection\./);
      for (const name of ['Change password', 'Change email', 'Sign out everywhere else', 'Download my data']) {
        expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
      }
      await screenshot(page, 'offline-account-needs-connection-390');
      await page.goto('/saved');
      await pending.waitFor();

      await context.setOffline(false);
      await expect.poll(() => libraryOf(ada)).toEqual([text]);
      await pending.waitFor({ state: 'detached' });
      await page.getByText(text).first().waitFor();
      expect(await queuedOnDevice(page)).toEqual([]);
      // Sent once, with its key.
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await context.close();
    }
  });

  it('is dropped when the person signs out, and never sent as the next account', async () => {
    const ada = await registerUser(app.server, { name: 'Ada Leaves' });
    const grace = await registerUser(app.server, { name: 'Grace Next' });
    const { page, context } = await openPage(app.browser, { viewport: 'phone', baseURL: app.server.url });
    const sent = watchSaves(context);
    try {
      await page.goto('/');
      await page.evaluate(
        ({ token, refreshToken, user }) => {
          localStorage.setItem('genius-lines.token', token);
          localStorage.setItem('genius-lines.refresh-token', refreshToken);
          localStorage.setItem('genius-lines.user', user);
        },
        {
          token: ada.token,
          refreshToken: ada.refreshToken,
          user: JSON.stringify((await app.server.api('/auth/me', { token: ada.token })).body.data.user),
        },
      );
      await page.goto('/generate');
      await generate(page);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Save line 1' }).click();
      await page.getByRole('button', { name: 'Save line 1' }).filter({ hasText: 'Pending' }).waitFor();
      await expect.poll(async () => (await queuedOnDevice(page)).length).toBe(1);

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign Out' }).click();
      await expect.poll(() => queuedOnDevice(page)).toEqual([]);

      // Grace signs in on the same phone once it is online again.
      await context.setOffline(false);
      await page.goto('/auth');
      await page.getByLabel('Email', { exact: true }).fill(grace.email);
      await page.getByLabel('Password', { exact: true }).fill(grace.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/saved');
      await page.getByRole('heading', { name: 'Saved Lines', exact: true }).waitFor();
      await page.getByText('No saved lines yet').waitFor();
      expect(await page.getByTestId('pending-saves').count()).toBe(0);
      expect(sent).toEqual([]);
      expect(await libraryOf(grace)).toEqual([]);
      expect(await libraryOf(ada)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('waits for the same person to sign in again when the session ended meanwhile, then goes', async () => {
    const ada = await registerUser(app.server, { name: 'Ada Expired' });
    // The browser's own session (the one that will be ended while the phone is offline).
    const login = await app.server.api('/auth/login', { body: { email: ada.email, password: ada.password } });
    const browserSession = { ...ada, token: login.body.data.token, refreshToken: login.body.data.refreshToken };
    const { page, context } = await openPage(app.browser, { viewport: 'phone', baseURL: app.server.url });
    try {
      await storeSession(context, app.server, browserSession);
      await page.goto('/generate');
      const text = await generate(page);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Save line 1' }).click();
      await page.getByRole('button', { name: 'Save line 1' }).filter({ hasText: 'Pending' }).waitFor();

      // Meanwhile every other session of Ada's is signed out (from her other device).
      const elsewhere = await app.server.api('/auth/logout-all', { method: 'POST', token: ada.token });
      expect(elsewhere.status).toBe(200);
      ada.token = elsewhere.body.data.token;
      await context.setOffline(false);
      // The send is refused (401) and the session is over: the save stays on the device, nothing saved.
      await page.waitForFunction(() => localStorage.getItem('genius-lines.token') === null);
      await expect.poll(() => queuedOnDevice(page)).toEqual([{ userId: ada.id, text }]);
      expect(await libraryOf(ada)).toEqual([]);

      await page.goto('/auth');
      await page.getByLabel('Email', { exact: true }).fill(ada.email);
      await page.getByLabel('Password', { exact: true }).fill(ada.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => libraryOf(ada)).toEqual([text]);
      await expect.poll(() => queuedOnDevice(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
