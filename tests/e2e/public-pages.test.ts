import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './helpers/app';
import { openPage, screenshot, seriousA11yViolations } from './helpers/browser';
import { storeTheme } from './helpers/user-session';
import { PUBLIC_PAGES } from './helpers/public-pages';

const app = useAppInBrowser();

describe('public pages', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`every page renders with the footer, no console error and no serious a11y violation (${theme})`, async () => {
      const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
      await storeTheme(context, theme);
      try {
        for (const p of PUBLIC_PAGES) {
          const res = await page.goto(p.path);
          expect(res?.status(), p.path).toBe(200);
          await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
          expect((await page.locator('html').getAttribute('class'))?.split(/\s+/).includes('dark') ?? false).toBe(theme === 'dark');
          const footer = page.getByRole('contentinfo');
          await expect(footer.getByRole('link', { name: 'Privacy Policy' }).isVisible()).resolves.toBe(true);
          await expect(footer.getByText(`© ${new Date().getFullYear()}`).isVisible()).resolves.toBe(true);
          const violations = await seriousA11yViolations(page);
          expect(violations, `${p.path} (${theme}): ${JSON.stringify(violations, null, 2)}`).toEqual([]);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('home: hero, six category cards to /generate?category=<id>, counters, tagline, e-mail field', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Generate Genius Lines' }).getAttribute('href')).resolves.toBe('/generate');
      const categories = page.locator('#categories a');
      expect(await categories.count()).toBe(6);
      const hrefs = await categories.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(['taglines', 'bios', 'captions', 'quotes', 'slogans', 'adlines'].map((c) => `/generate?category=${c}`));
      for (const text of ['10K+', '500+', '50K+', '100+', 'Business Taglines', 'Ad Lines & Jingles', 'Why Genius Lines?']) {
        await expect(page.getByText(text, { exact: true }).first().isVisible()).resolves.toBe(true);
      }
      await expect(page.getByText('code, create, laugh').first().isVisible()).resolves.toBe(true);
      const homeEmail = page.getByRole('form', { name: 'Subscribe to the newsletter' }).getByRole('textbox');
      await expect(homeEmail.getAttribute('type')).resolves.toBe('email');
      await categories.nth(3).click();
      await page.waitForURL('**/generate?category=quotes');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`screenshots of every page (${theme}, ${viewport})`, async () => {
        const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url, viewport });
        await storeTheme(context, theme);
        try {
          for (const p of PUBLIC_PAGES) {
            await page.goto(p.path);
            await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
            await screenshot(page, `public-${p.name}-${theme}-${viewport}`);
          }
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
