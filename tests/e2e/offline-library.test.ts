/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';
import { useAppInBrowser } from './helpers/app';
import { openPage, screenshot } from './helpers/browser';
import { signUpViaUi, storeSession, uniqueEmail } from './helpers/user-session';

const app = useAppInBrowser();
let server: TestServer;
let browser: Browser;
let ada: TestUser;
const ADA_LINES = ['Ada writes lines that travel', 'Offline but never lost'];

beforeAll(async () => {
  server = app.server;
  browser = app.browser;
  ada = await registerUser(server, { name: 'Ada Offline' });
  for (const text of ADA_LINES) {
    expect((await server.api('/lines/save', { token: ada.token, body: { text, category: 'taglines', tone: 'bold' } })).status).toBe(201);
  }
});

/** The offline copies on this device: one entry per user id, with the lines' texts. */
function offlineCopies(page: Page): Promise<Array<{ userId: string; texts: string[] }>> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('genius-lines-offline', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('libraries', { keyPath: 'userId' });
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const all = req.result.transaction('libraries').objectStore('libraries').getAll();
          all.onsuccess = () => {
            resolve(
              all.result.map((e: { userId: string; savedLines: Array<{ text: string }> }) => ({
                userId: e.userId,
                texts: e.savedLines.map((l) => l.text),
              })),
            );
            req.result.close();
          };
        };
      }),
  );
}

/** Opens /saved online (the service worker installs and then controls the page). */
async function openLibraryOnline(page: Page): Promise<void> {
  await page.goto('/saved');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

describe('the saved library offline', () => {
  it('opens without a connection with the offline notice and the lines from the last time online', async () => {
    const { page, context } = await openPage(browser, { viewport: 'phone', baseURL: server.url });
    try {
      await storeSession(context, server, ada);
      await openLibraryOnline(page);
      await page.getByText(ADA_LINES[0]!).waitFor();
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-notice').waitFor();
      for (const text of ADA_LINES) await page.getByText(text).waitFor();
      await screenshot(page, 'offline-library-phone');
    } finally {
      await context.close();
    }
  });

  it('signing out empties the copy on the device, and the next account on the same browser sees none of it', async () => {
    const { page, context } = await openPage(browser, { viewport: 'phone', baseURL: server.url });
    try {
      // Ada signs in on this phone the way a person does.
      await page.goto('/auth');
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill(ada.email);
      await page.getByLabel('Password', { exact: true }).fill(ada.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
      await page.waitForURL((url) => url.pathname === '/');
      await openLibraryOnline(page);
      await page.getByText(ADA_LINES[0]!).waitFor();
      await expect.poll(() => offlineCopies(page)).toEqual([{ userId: ada.id, texts: expect.arrayContaining(ADA_LINES) }]);

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign Out' }).click();
      await expect.poll(() => offlineCopies(page)).toEqual([]);

      await signUpViaUi(page, { name: 'Grace Next', email: uniqueEmail('grace'), password: 'correct horse battery' });
      await page.goto('/saved');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-notice').waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByText(ADA_LINES[0]!).count()).toBe(0);
      const copies = await offlineCopies(page);
      expect(copies.some((c) => c.userId === ada.id)).toBe(false);
    } finally {
      await context.close();
    }
  });
});
