import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './helpers/app';
import { openPage } from './helpers/browser';

const app = useAppInBrowser();

describe('the built client is served by the api', () => {
  it('renders the app on / and on a deep link, without console errors', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
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
