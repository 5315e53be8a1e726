/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';
import { startAppServer } from './helpers/app';
import { launchBrowser, openPage, screenshot, seriousA11yViolations } from './helpers/browser';
import { TAP_MIN, heightsOf, pageScrollWidth, screenshotOf } from './helpers/layout';
import { storeSession } from './helpers/user-session';

/**
 * Lines that fit (DESIGN.md §13) on a phone (390 px, and 320 px for the layout): the platform
 * picker and the counter on every line, refining a line, and sharing a line to WhatsApp.
 */
const OPENAI_KEY = 'sk-e2e-fit';
const LINES = ['Kahawa at dawn, every day', 'Fresh beans from Nyeri', 'Roasted in Nakuru', 'Your morning, poured right'];
const SHORTER = 'Kahawa at dawn';

let server: TestServer;
let browser: Browser;
let openai: ChatStub;
let user: TestUser;

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  server = await startAppServer({ env: { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: `${openai.url}/v1` } });
  browser = await launchBrowser();
  user = await registerUser(server, { name: 'Achieng Fit' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await openai?.close();
});

describe('lines that fit, on a phone', () => {
  it('picking a platform shows its limit and a counter on every line; refine adds a line after its original; Share to WhatsApp opens the line', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: 'phone', baseURL: server.url });
    await storeSession(context, server, user);
    // No way out of this machine: WhatsApp's share page is answered here, so the new tab's address can be read.
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
    try {
      await page.goto('/generate');
      await page.getByRole('heading', { level: 1, name: /Generate lines/ }).waitFor();
      await page.getByLabel(/^Platform/).selectOption('google_ads_headline');
      await page.getByText('Up to 30 characters (an emoji counts as 1).').waitFor();
      expect(await page.getByRole('switch', { name: 'Hashtags' }).isChecked()).toBe(false);
      expect(await page.getByRole('switch', { name: 'Emoji' }).isChecked()).toBe(false);

      openai.queue({ kind: 'ok', lines: LINES });
      await page.getByLabel(/Topic/).fill('a coffee roaster in Nakuru');
      await page.getByRole('button', { name: 'Generate Lines' }).click();
      const cards = page.getByTestId('generated-line');
      await page.getByText(LINES[3]!).waitFor();
      expect(await cards.count()).toBe(4);
      // The model was told the platform, and every line has its counter.
      expect(openai.requests.at(-1)!.body.messages[1].content).toMatch(/Google Ads headline/);
      const counters = await page.getByTestId('line-counter').allTextContents();
      expect(counters.map((c) => c.replace(/\s*characters.*/, ''))).toEqual(LINES.map((l) => `${l.length} / 30`));

      // Phone layout: line actions are 44 px targets, nothing scrolls sideways.
      for (const name of [/^Copy line/, /^Share line \d+ to WhatsApp/, /^Save line/, /^Regenerate line/, /^Refine line/]) {
        const role = String(name).includes('WhatsApp') ? 'link' : 'button';
        for (const h of await heightsOf(page.getByRole(role, { name }))) expect(h, String(name)).toBeGreaterThanOrEqual(TAP_MIN);
      }
      expect(await pageScrollWidth(page)).toBe(390);
      await screenshot(page, 'fit-390-generate-counters');
      await screenshotOf(page.getByTestId('generated-lines'), 'fit-390-lines');
      await screenshotOf(page.getByRole('form', { name: 'Generation settings' }), 'fit-390-form');

      // Refine: the menu's choices are 44 px targets; "Shorter" adds a line right after line 1.
      openai.queue({ kind: 'ok', lines: [SHORTER] });
      await page.getByRole('button', { name: 'Refine line 1' }).click();
      const menu = page.getByRole('group', { name: 'Refine line 1' });
      for (const h of await heightsOf(menu.getByRole('button'))) expect(h, 'refine choice').toBeGreaterThanOrEqual(TAP_MIN);
      expect(await pageScrollWidth(page)).toBe(390);
      await screenshot(page, 'fit-390-refine-menu');
      await screenshotOf(cards.first(), 'fit-390-refine-menu-open');
      await menu.getByRole('button', { name: 'Shorter' }).click();
      await page.getByText(SHORTER, { exact: true }).waitFor();
      expect(await cards.count()).toBe(5);
      const refined = cards.nth(1);
      expect(await refined.getByTestId('line-text').textContent()).toBe(SHORTER);
      expect(await refined.textContent()).toContain('Shorter · from line 1');
      expect(await refined.getByTestId('line-counter').textContent()).toMatch(new RegExp(`^${SHORTER.length} / 30`));
      expect(await cards.nth(0).getByTestId('line-text').textContent()).toBe(LINES[0]);
      await screenshot(page, 'fit-390-refined');
      await screenshotOf(page.getByTestId('generated-lines'), 'fit-390-lines-refined');
      await refined.getByRole('button', { name: /^Refine line/ }).click();
      const violations = await seriousA11yViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      await refined.getByRole('button', { name: /^Refine line/ }).click();

      // Share to WhatsApp: a new tab on wa.me with the refined line as the text.
      const share = refined.getByRole('link', { name: /to WhatsApp/ });
      expect(await share.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(SHORTER)}`);
      expect(await share.getAttribute('rel')).toContain('noopener');
      const [popup] = await Promise.all([context.waitForEvent('page'), share.click()]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).searchParams.get('text')).toBe(SHORTER);
      expect(new URL(popup.url()).host).toBe('wa.me');
      await popup.close();

      // The refined line saved on its own keeps the platform: the library shows its badge.
      await refined.getByRole('button', { name: /^Save line/ }).click();
      await refined.getByText('Saved', { exact: true }).waitFor();
      await page.goto('/saved');
      const saved = page.getByTestId('saved-line').filter({ hasText: SHORTER });
      await saved.waitFor();
      expect(await saved.getByTestId('platform-badge').textContent()).toBe('For Google Ads headline');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('at 320 px the picker, the switches, the counters and the open refine menu fit the screen', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: 'phone', baseURL: server.url });
    await page.setViewportSize({ width: 320, height: 640 });
    try {
      await page.goto('/generate');
      await page.getByLabel(/^Platform/).selectOption('sms');
      await page.getByText(/One SMS: up to 160 plain/).waitFor();
      for (const name of ['Hashtags', 'Emoji']) {
        const label = page.locator('label').filter({ has: page.getByRole('switch', { name }) });
        for (const h of await heightsOf(label)) expect(h, name).toBeGreaterThanOrEqual(TAP_MIN);
      }
      expect(await pageScrollWidth(page)).toBe(320);
      await screenshot(page, 'fit-320-picker');
      await screenshotOf(page.getByRole('form', { name: 'Generation settings' }), 'fit-320-form');

      openai.queue({ kind: 'ok', lines: ['Mandazi fresh at 6am, Nakuru', 'Birthday cakes baked to order'] });
      await page.getByLabel('Lines', { exact: true }).fill('2');
      await page.getByRole('button', { name: 'Generate Lines' }).click();
      await page.getByText('Birthday cakes baked to order').waitFor();
      await page.getByRole('button', { name: 'Refine line 2' }).click();
      await page.getByRole('group', { name: 'Refine line 2' }).waitFor();
      // SMS keeps to no emoji: "Add emoji" is not offered.
      expect(await page.getByRole('group', { name: 'Refine line 2' }).getByRole('button', { name: 'Add emoji' }).count()).toBe(0);
      expect(await pageScrollWidth(page)).toBe(320);
      const counter = page.getByTestId('line-counter').first();
      expect(parseFloat(await counter.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(12);
      await screenshot(page, 'fit-320-refine-menu');
      await screenshotOf(page.getByTestId('generated-lines'), 'fit-320-lines-menu-open');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the API docs document the platforms (their limits and counting) and refining a line, readable at 390 px', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: 'phone', baseURL: server.url });
    try {
      await page.goto('/api-docs#endpoints');
      const platforms = page.getByRole('region', { name: 'Platforms' });
      await platforms.waitFor();
      const rows = platforms.getByTestId('platforms-table').locator('tbody tr');
      expect(await rows.count()).toBe(12);
      expect(await rows.filter({ hasText: 'google_ads_headline' }).textContent()).toMatch(/Google Ads headline.*30.*graphemes/);
      expect(await rows.filter({ hasText: 'x_post' }).textContent()).toMatch(/280.*x_weighted/);
      expect(await rows.filter({ hasText: 'sms' }).textContent()).toMatch(/160.*gsm7/);
      // What GET /api/platforms documents is what it answers.
      const answer = (await (await fetch(`${server.url}/api/platforms`)).json()) as { data: { platforms: Array<{ id: string }> } };
      expect(answer.data.platforms.map((p) => p.id)).toEqual(await rows.locator('td:first-child code').allTextContents());
      const refine = page.getByRole('region', { name: 'Refine a line' });
      await refine.getByText('/api/lines/generations/:id/refine').first().waitFor();
      // Code samples are code: each one is a <pre> with its own Copy button.
      expect(await refine.locator('figure pre').count()).toBe(4);
      expect(await refine.locator('figure pre').first().textContent()).toMatch(/^curl -X POST .*\/refine/);
      // POST /api/v1/generate takes platform, hashtags and emoji.
      const generate = page.getByRole('region', { name: 'Generate lines' });
      for (const field of ['platform', 'hashtags', 'emoji']) {
        expect(await generate.locator('tbody tr td:first-child').getByText(field, { exact: true }).count(), field).toBe(1);
      }
      expect(await pageScrollWidth(page)).toBe(390);
      await screenshotOf(platforms, 'fit-390-api-docs-platforms');
      await screenshotOf(refine, 'fit-390-api-docs-refine');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
