import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@gl/core/server';
import { useAppInBrowser } from './helpers/app';
import { openPage, screenshot, seriousA11yViolations } from './helpers/browser';
import { signInContext, storeSession, storeTheme } from './helpers/user-session';
import { grantPlan, markVerified, registerUser } from '../helpers/users';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver } from '../stubs/webhook-receiver.stub';

const TABS = ['Overview', 'Authentication', 'Endpoints', 'Examples', 'SDKs', 'Webhooks', 'MCP'];
const app = useAppInBrowser();

describe('/api-docs', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`side menu tabs work by mouse and keyboard, each panel is axe-clean (${theme})`, async () => {
      const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
      await storeTheme(context, theme);
      try {
        await page.goto('/api-docs');
        const tablist = page.getByRole('tablist', { name: 'API documentation sections' });
        await tablist.getByRole('tab', { name: 'MCP' }).waitFor();
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
        await tablist.getByRole('tab', { name: 'SDKs' }).click();
        await tablist.getByRole('tab', { name: 'SDKs', selected: true }).waitFor();
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

  it('a Business user on a phone (390 px) adds a webhook endpoint, copies its secret once, sees its attempts, rotates and deletes it', async () => {
    const receiver = await startWebhookReceiver();
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url, viewport: 'phone' });
    try {
      const user = await signInContext(context, app.server);
      await app.server.services.ctx.db.insert(schema.subscriptions).values({ userId: user.id, planId: 'business', status: 'active' });
      await page.goto('/api-docs#webhooks');
      await page.getByLabel('Endpoint URL').fill(`${receiver.url}/genius-lines`);
      await page.getByLabel('campaign.completed').uncheck();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secretBlock = page.locator('figure', { hasText: 'Your webhook signing secret' });
      await secretBlock.waitFor();
      const secret = (await secretBlock.locator('pre').textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);
      const row = page.getByRole('listitem').filter({ hasText: `${receiver.url}/genius-lines` });
      await row.getByText('generation.completed, line.saved').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The pointer still rests on the button it pressed: axe judges the page at rest.
      await page.mouse.move(0, 0);
      const violations = await seriousA11yViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      await secretBlock.scrollIntoViewIfNeeded();
      await screenshot(page, 'api-docs-webhooks-secret-phone', { fullPage: false });

      // An event arrives signed with that secret, and its attempt shows on the page.
      const saved = await app.server.api('/lines/save', {
        token: user.token,
        body: { text: 'Hooked on lines', category: 'taglines', tone: 'bold' },
      });
      expect(saved.status).toBe(201);
      const [hook] = await receiver.waitFor(1);
      expect(new Webhook(secret).verify(hook!.raw, hook!.headers as Record<string, string>)).toMatchObject({ type: 'line.saved' });
      await page.getByRole('button', { name: "I've saved it" }).click();
      await expect(secretBlock.count()).resolves.toBe(0);
      await row.getByRole('button', { name: 'Recent attempts' }).click();
      await row.getByText('Delivered').waitFor();
      await row.getByText(/attempt 1 · HTTP 200/).waitFor();
      await row.getByText(String(hook!.headers['webhook-id'])).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, 'api-docs-webhooks-attempts-phone', { fullPage: false });

      await row.getByRole('button', { name: 'Rotate secret' }).click();
      await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate secret' }).click();
      await secretBlock.waitFor();
      const rotated = (await secretBlock.locator('pre').textContent())!.trim();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);

      await row.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
      await page.getByText('No webhook endpoints yet.').waitFor();
      expect((await app.server.api('/webhooks', { token: user.token })).body.data.endpoints).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await receiver.close();
    }
  });

  for (const [language, disabled, reason, fair] of [
    [
      'en',
      'Disabled',
      'Turned off when the password was changed or reset, or every device was signed out: check that this URL is yours. Rotate the secret to turn it back on.',
      'Each endpoint gets one attempt at a time and each account two at a time',
    ],
    [
      'sw',
      'Imezimwa',
      'Imezimwa nenosiri lilipobadilishwa au kuwekwa upya, au ulipotoka kwenye vifaa vyote: hakikisha URL hii ni yako. Badilisha siri ili uiwashe tena.',
      'Kila anwani hupata jaribio moja kwa wakati mmoja',
    ],
  ] as const) {
    it(`after "sign out everywhere" an endpoint shows as turned off with the reason, at 320 and 390 px (${language})`, async () => {
      const { page, context, errors } = await openPage(app.browser, {
        baseURL: app.server.url,
        viewport: 'phone',
        locale: language === 'sw' ? 'sw-KE' : undefined,
      });
      // A phone set to Kiswahili, with the cookie the language switch writes.
      if (language === 'sw') await context.addCookies([{ name: 'gl_lang', value: 'sw', url: app.server.url }]);
      try {
        const user = await registerUser(app.server);
        await grantPlan(app.server.database, user.id, 'business');
        await markVerified(app.server.database, user.id);
        if (language === 'sw') {
          expect((await app.server.api('/account/language', { method: 'PATCH', body: { language }, token: user.token })).status).toBe(200);
        }
        const hook = await app.server.api('/webhooks', {
          body: { url: 'http://127.0.0.1:9/an-intruders-receiver', events: ['line.saved'] },
          token: user.token,
        });
        expect(hook.status).toBe(201);
        const out = await app.server.api('/auth/logout-all', { method: 'POST', token: user.token });
        expect(out.status).toBe(200);
        await storeSession(context, app.server, { ...user, token: out.body.data.token, refreshToken: out.body.data.refreshToken });
        await page.goto('/api-docs#webhooks');
        const row = page.getByRole('listitem').filter({ hasText: 'http://127.0.0.1:9/an-intruders-receiver' });
        await row.getByText(disabled, { exact: true }).waitFor();
        await row.getByText(reason).waitFor();
        await page.getByText(fair).waitFor();
        for (const width of [320, 390]) {
          await page.setViewportSize({ width, height: 844 });
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          await row.scrollIntoViewIfNeeded();
          await screenshot(page, `api-docs-webhooks-trust-reset-${language}-${width}`, { fullPage: false });
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('the MCP tab shows the endpoint of this server and the assistant configurations', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url, viewport: 'phone' });
    try {
      await page.goto('/api-docs#mcp');
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('heading', { level: 2, name: 'MCP' }).waitFor();
      await panel.locator('figure', { hasText: 'MCP endpoint' }).getByText(`${app.server.url}/api/mcp`).waitFor();
      const desktop = (await panel.locator('figure', { hasText: 'claude_desktop_config.json' }).locator('pre').textContent())!;
      expect(JSON.parse(desktop).mcpServers['genius-lines'].env).toEqual({
        GENIUS_LINES_API_KEY: 'gl_your_api_key',
        GENIUS_LINES_URL: app.server.url,
      });
      const http = JSON.parse(
        (await panel.locator('figure', { hasText: 'MCP client configuration (HTTP)' }).locator('pre').textContent())!,
      );
      expect(http.mcpServers['genius-lines']).toEqual({
        type: 'http',
        url: `${app.server.url}/api/mcp`,
        headers: { Authorization: 'Bearer gl_your_api_key' },
      });
      for (const tool of ['generate_lines', 'save_line', 'list_saved_lines', 'get_usage'])
        await panel.getByText(tool, { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'api-docs-mcp-phone');
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
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      await page.getByText(/Webhooks are part of the Business plan; you are on Free\./).waitFor();
    } finally {
      await context.close();
    }
  });
});
