import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { startAppServer } from './helpers/app';
import { launchBrowser, openPage } from './helpers/browser';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the built client is served by the api', () => {
  it('renders the app on / and on a deep link, without console errors', async () => {
    const { page, context, errors } = await openPage(browser, { baseURL: server.url });
    try {
      await page.goto('/');
      await expect(page.getByText('Genius Lines').first().isVisible()).resolves.toBe(true);
      const deep = await page.goto('/saved');
      expect(deep?.status()).toBe(200);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
