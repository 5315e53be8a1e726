import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@gl/core/server';
import { useAppInBrowser } from './helpers/app';
import { openPage, screenshot, seriousA11yViolations } from './helpers/browser';
import { signInContext, storeTheme } from './helpers/user-session';

const TABS = ['Overview', 'Authentication', 'Endpoints', 'Examples', 'SDKs'];
const app = useAppInBrowser();

describe('/api-docs', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`side menu tabs work by mouse and keyboard, each panel is axe-clean (${theme})`, async () => {
      const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
      await storeTheme(context, theme);
      try {
        await page.goto('/api-docs');
        const tablist = page.getByRole('tablist', { name: 'API documentation sections' });
        await tablist.getByRole('tab', { name: 'SDKs' }).waitFor();
        expect(await tablist.getByRole('tab').allTextContents()).toEqual(TABS);
        for (const name of TABS) {
          await tablist.getByRole('tab', { name }).click();
          await tablist.getByRole('tab', { name, selected: true }).waitFor();
          await page.getByRole('tabpanel').getByRole('heading', { level: 2, name }).waitFor();
          const violations = await seriousA11yViolations(page);
          expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
          await screenshot(page, `api-docs-${name.toLowerCase()}-${theme}-desktop`);
        }
        // Keyboard: arrows move between tabs; the hash keeps the tab on reload.
        await tablist.getByRole('tab', { name: 'SDKs' }).focus();
        await page.keyboard.press('ArrowUp');
        await page.getByRole('tabpanel').getByRole('heading', { level: 2, name: 'Examples' }).waitFor();
        expect(new URL(page.url()).hash).toBe('#examples');
        await page.reload();
        await page.getByRole('tabpanel').getByRole('heading', { level: 2, name: 'Examples' }).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('documents the real API and links the OpenAPI document and Get API Access -> /pricing', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await page.goto('/api-docs');
      await page.getByText('99.9%').first().waitFor();
      const openapi = page.getByRole('link', { name: 'openapi.json' });
      await expect(openapi.getAttribute('href')).resolves.toBe('/api/openapi.json');
      const doc = (await (await fetch(`${app.server.url}/api/openapi.json`)).json()) as { openapi: string };
      expect(doc.openapi).toBe('3.1.0');

      await page.getByRole('tab', { name: 'Endpoints' }).click();
      for (const path of ['/api/v1/generate', '/api/v1/photo', '/api/v1/usage', '/api/v1/plans', '/api/v1/save-line', '/api/lines/photo']) {
        await page.getByRole('tabpanel').getByText(path, { exact: true }).first().waitFor();
      }
      await page.getByText('How many lines, 1 to 10. Default 4.').waitFor();
      await page
        .getByText(/"remaining": 95,\s+"total": 100/)
        .first()
        .waitFor();

      await page.getByRole('link', { name: 'Get API Access' }).first().click();
      await page.waitForURL('**/pricing');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('every snippet has a Copy button that copies it and shows Copied!', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await page.goto('/api-docs#examples');
      // The prerendered page is the overview; the tab in the hash follows once it is hydrated.
      await page.getByRole('tab', { name: 'Examples', selected: true }).waitFor();
      const panel = page.getByRole('tabpanel');
      const blocks = panel.locator('figure');
      await blocks.first().waitFor();
      // Generate, from a photo, usage, plans, save a line.
      expect(await blocks.count()).toBe(5);
      expect(await panel.getByRole('button', { name: /^Copy/ }).count()).toBe(5);
      // The photo goes up as a form: curl -F with the file.
      await panel.getByText(/-F image=@shop\.jpg/).waitFor();
      await panel.getByText('Python', { exact: true }).click();
      const first = blocks.first();
      await first.getByRole('button', { name: /^Copy/ }).click();
      await first.getByRole('button', { name: /^Copied!/ }).waitFor();
      const copied = await page.evaluate(() =>
        (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
      );
      expect(copied).toBe(await first.locator('pre').textContent());
      expect(copied).toContain('requests.post(');
      expect(copied).toContain(`"${app.server.url}/api/v1/generate"`);
      await first.getByRole('button', { name: /^Copy/ }).waitFor({ timeout: 10_000 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a Business user creates a key on the Authentication tab, it works against /api/v1, and can be revoked', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      const user = await signInContext(context, app.server);
      await app.server.services.ctx.db.insert(schema.subscriptions).values({ userId: user.id, planId: 'business', status: 'active' });
      // Creating an API key needs a verified e-mail (as opening the verification link would do).
      await app.server.services.ctx.db.update(schema.users).set({ emailVerifiedAt: new Date() }).where(eq(schema.users.id, user.id));
      // The stored user still says free until /auth/me answers; the page re-reads it at start.
      await page.goto('/api-docs#authentication');
      await page.getByLabel('New key name').fill('CI server');
      await page.getByRole('button', { name: 'Create API key' }).click();
      const secretBlock = page.locator('figure', { hasText: 'Your new API key' });
      await secretBlock.waitFor();
      const key = (await secretBlock.locator('pre').textContent())!.trim();
      expect(key).toMatch(/^gl_/);
      const usage = await fetch(`${app.server.url}/api/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
      expect(usage.status).toBe(200);

      await page.getByText('CI server').waitFor();
      await page.getByRole('button', { name: 'Revoke' }).click();
      const asking = page.getByRole('dialog', { name: 'Revoke "CI server"?' });
      expect(await asking.textContent()).toContain('Apps using it will stop working at once.');
      await asking.getByRole('button', { name: 'Revoke key' }).click();
      await page.getByText('No active keys yet.').waitFor();
      const revoked = await fetch(`${app.server.url}/api/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
      expect(revoked.status).toBe(401);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a visitor is invited to sign in, a free user to upgrade', async () => {
    const { page, context } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await page.goto('/api-docs#authentication');
      await page.getByText('with a Business plan account to create API keys here.').waitFor();
      await signInContext(context, app.server);
      await page.reload();
      await page.getByText(/API keys are part of the Business plan; you are on Free\./).waitFor();
      await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Get API Access' }).getAttribute('href')).resolves.toBe('/pricing');
    } finally {
      await context.close();
    }
  });
});
