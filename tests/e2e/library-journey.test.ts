/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import type { TestServer } from '../helpers/server';
import { grantPlan } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';
import { startAppServer } from './helpers/app';
import { launchBrowser, openPage } from './helpers/browser';
import { generatedLines, signUpViaUi, uniqueEmail, signInContext } from './helpers/user-session';

const OPENAI_KEY = 'sk-e2e-stub';
let server: TestServer;
let browser: Browser;
let openai: ChatStub;

const LINES = [
  'Brewed in Nakuru, loved everywhere',
  'Flamingo-pink mornings, coffee-dark cups',
  'Small batch roasts, big lake views',
  'Your daily cup, done properly',
];

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  server = await startAppServer({ env: { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: `${openai.url}/v1` } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await openai?.close();
});
beforeEach(() => openai.setBehaviour({ kind: 'ok', lines: LINES }));

describe('generate and the saved library, end to end', () => {
  it('lines stream in one by one over Socket.IO, with the OpenAI notice', async () => {
    // Two lines, then the model pauses: the page must already show them.
    openai.setBehaviour({ kind: 'ok', lines: LINES, stallAfterLines: 2, stallMs: 2_500 });
    const { page, context, errors } = await openPage(browser, { baseURL: server.url });
    try {
      await page.goto('/generate');
      await page.getByText('AI-powered generation').waitFor();
      await page.getByLabel(/Topic/).fill('a coffee shop in Nakuru');
      await page.getByRole('button', { name: 'Generate Lines' }).click();
      await page.getByText(LINES[1]!).waitFor();
      expect(await generatedLines(page).count()).toBe(2);
      expect(await page.getByRole('button', { name: 'Generating...' }).isDisabled()).toBe(true);
      await page.getByTestId('source-notice').waitFor();
      expect(await page.getByTestId('source-notice').textContent()).toContain('Generated with OpenAI');
      expect(await generatedLines(page).allTextContents()).toEqual(LINES.map((l) => expect.stringContaining(l)));
      const prompt = JSON.stringify(openai.requests.at(-1)!.body.messages);
      expect(prompt).toContain('a coffee shop in Nakuru');
      // A visitor is invited to sign in to save.
      await page.getByRole('button', { name: 'Save line 1' }).click();
      await page.getByText('Must be authenticated to save lines').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sign up -> generate -> save -> /saved search, filter, copy, delete, clear all -> sign out -> the wall', async () => {
    const { page, context, errors } = await openPage(browser, { baseURL: server.url });
    try {
      await signUpViaUi(page, { name: 'Grace Hopper', email: uniqueEmail('grace'), password: 'debugging-1947' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Generate' }).click();
      await page.getByRole('heading', { name: 'Generate lines' }).waitFor();

      // Taglines (default), then bios in a funny tone.
      await page.getByRole('button', { name: 'Generate Lines' }).click();
      await page.getByTestId('source-notice').waitFor();
      await page.getByRole('button', { name: 'Save line 1' }).click();
      await page.getByRole('button', { name: 'Save line 1' }).filter({ hasText: 'Saved' }).waitFor();
      await page.getByRole('button', { name: 'Save line 3' }).click();
      await page.getByRole('button', { name: 'Save line 3' }).filter({ hasText: 'Saved' }).waitFor();

      openai.setBehaviour({
        kind: 'ok',
        lines: ['Professional napper, part-time genius', 'I debug, therefore I am', 'Coffee in, code out', 'Bio loading...'],
      });
      await page.getByText('Social Media Bios').click();
      await page.getByText('Funny', { exact: true }).click();
      await page.getByRole('button', { name: 'Generate Lines' }).click();
      await page.getByText('I debug, therefore I am').waitFor();
      await page.getByTestId('source-notice').waitFor();
      await page.getByRole('button', { name: 'Save line 2' }).click();
      await page.getByRole('button', { name: 'Save line 2' }).filter({ hasText: 'Saved' }).waitFor();

      // The library: newest first, 'N of M lines'.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved Lines' }).click();
      await page.getByRole('heading', { name: 'Saved Lines', exact: true }).waitFor();
      const cards = page.getByTestId('saved-line');
      await page.getByText('I debug, therefore I am').waitFor();
      await page.getByTestId('saved-count').filter({ hasText: '3 of 3 lines' }).waitFor();
      expect(await cards.first().textContent()).toContain('I debug, therefore I am');
      expect(await cards.first().getByTestId('tone-badge').textContent()).toBe('Funny');
      expect(await cards.first().textContent()).toContain('Social Media Bios');

      // Search (served by the API), then the category filter.
      await page.getByPlaceholder('Search your lines...').fill('LAKE');
      await page.getByTestId('saved-count').filter({ hasText: '1 of 3 lines' }).waitFor();
      expect(await cards.allTextContents()).toEqual([expect.stringContaining(LINES[2]!)]);
      await page.getByPlaceholder('Search your lines...').fill('');
      await page.getByTestId('saved-count').filter({ hasText: '3 of 3 lines' }).waitFor();
      const categories = await page.getByLabel('Filter by category').locator('option').allTextContents();
      expect(categories).toEqual(['All Categories', 'Business Taglines', 'Social Media Bios']);
      await page.getByLabel('Filter by category').selectOption('bios');
      await page.getByTestId('saved-count').filter({ hasText: '1 of 3 lines' }).waitFor();
      await page.getByPlaceholder('Search your lines...').fill('nothing like this');
      await page.getByText('No lines match your search').waitFor();
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await page.getByTestId('saved-count').filter({ hasText: '3 of 3 lines' }).waitFor();

      // Copy -> Copied! and the clipboard holds the text.
      const card = cards.filter({ hasText: LINES[0]! });
      await card.getByRole('button', { name: 'Copy' }).click();
      await card.getByRole('button', { name: 'Copied!' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LINES[0]);

      // Delete appears on hover (and keyboard focus).
      const del = card.getByRole('button', { name: /Delete saved line/ });
      const delHandle = await del.elementHandle();
      const opacity = (value: string) =>
        page.waitForFunction(([el, v]) => getComputedStyle(el as Element).opacity === v, [delHandle, value] as const);
      await page.mouse.move(0, 0);
      await card.getByRole('button', { name: 'Copy' }).blur();
      await opacity('0');
      await del.focus();
      await opacity('1');
      await del.blur();
      await opacity('0');
      await card.hover();
      await opacity('1');
      await del.click();
      await page.getByTestId('saved-count').filter({ hasText: '2 of 2 lines' }).waitFor();
      expect(await page.getByText(LINES[0]!).count()).toBe(0);

      // Clear All asks first: dismissing keeps everything; accepting empties the library.
      const clearAll = page.getByRole('button', { name: 'Clear All' });
      const asking = page.getByRole('dialog', { name: 'Delete all saved lines?' });
      await clearAll.click();
      expect(await asking.textContent()).toContain('Are you sure you want to delete all saved lines? This action cannot be undone.');
      await page.keyboard.press('Escape');
      await asking.waitFor({ state: 'detached' });
      await expect.poll(() => clearAll.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await cards.count()).toBe(2);
      await clearAll.click();
      await asking.getByRole('button', { name: 'Delete all' }).click();
      await page.getByText('No saved lines yet').waitFor();
      expect(await page.getByRole('button', { name: 'Clear All' }).count()).toBe(0);

      // Sign out from the user menu: the menu closes, the Saved Lines link goes, /saved shows the wall.
      await page.getByRole('button', { name: /^Grace Hopper\s*, account menu$/ }).click();
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved Lines' }).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => [localStorage.getItem('genius-lines.token'), localStorage.getItem('genius-lines.user')])).toEqual([
        null,
        null,
      ]);
      await page.goto('/saved');
      await page.getByRole('heading', { name: 'Sign In Required' }).waitFor();
      expect(await page.getByRole('link', { name: 'Generate Lines First' }).getAttribute('href')).toBe('/generate');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a free user's 11th generation of the day shows the limit and the upgrade link", async () => {
    const { page, context } = await openPage(browser, { baseURL: server.url });
    try {
      const user = await signInContext(context, server);
      for (let i = 0; i < 10; i++) {
        const res = await server.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold' } });
        expect(res.status).toBe(202);
      }
      await page.goto('/generate');
      await page.getByTestId('usage-remaining').filter({ hasText: '0 of 10 generations left today' }).waitFor();
      expect(await page.getByRole('link', { name: 'Upgrade for unlimited' }).getAttribute('href')).toBe('/pricing');
      await page.getByRole('button', { name: 'Generate Lines' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/limit/i);
      expect(await alert.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/pricing');
    } finally {
      await context.close();
    }
  });

  it('a Pro library exports CSV and JSON, and shows the 30-day chart', async () => {
    const { page, context, errors } = await openPage(browser, { baseURL: server.url });
    try {
      const user = await signInContext(context, server);
      // Fixture: this user already has Pro (the purchase itself is covered in pricing.test.ts).
      await grantPlan(server.database, user.id, 'pro');
      await server.api('/lines/generate', { token: user.token, body: { category: 'slogans', tone: 'bold' } });
      for (const text of ['Say it, "loud", and clear', 'Second, with a comma']) {
        await server.api('/lines/save', { token: user.token, body: { text, category: 'slogans', tone: 'bold' } });
      }
      await page.goto('/saved');
      await page.getByTestId('saved-count').filter({ hasText: '2 of 2 lines' }).waitFor();
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(csv.suggestedFilename()).toMatch(/^genius-lines-saved-\d{4}-\d{2}-\d{2}\.csv$/);
      const csvText = readFileSync((await csv.path())!, 'utf8');
      expect(csvText).toContain('"Say it, ""loud"", and clear"');
      const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
      const rows = JSON.parse(readFileSync((await json.path())!, 'utf8')) as Array<{ text: string }>;
      expect(rows.map((r) => r.text).sort()).toEqual(['Say it, "loud", and clear', 'Second, with a comma']);
      await page.getByRole('heading', { name: 'Your last 30 days' }).waitFor();
      await page.locator('.usage-bar').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it('a library longer than a page shows the newest 50 at 390 px, and "Load more" brings the rest in order', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: 'phone', baseURL: server.url });
    try {
      const user = await signInContext(context, server);
      await grantPlan(server.database, user.id, 'pro');
      // 120 saved lines, one a second: "Paged line 120" is the newest.
      const start = Date.now() - 3_600_000;
      await server.services.ctx.db.insert(schema.savedLines).values(
        Array.from({ length: 120 }, (_, i) => ({
          userId: user.id,
          text: `Paged line ${String(i + 1).padStart(3, '0')}`,
          category: 'taglines',
          tone: 'bold',
          createdAt: new Date(start + i * 1000),
        })),
      );
      const lines = page.getByTestId('saved-line');
      await page.goto('/saved');
      await page.getByTestId('saved-count').filter({ hasText: '120 of 120 lines' }).waitFor();
      expect(await lines.count()).toBe(50);
      await expect.poll(() => lines.first().textContent()).toContain('Paged line 120');
      const more = page.getByRole('button', { name: 'Load more' });
      await more.click();
      await expect.poll(() => lines.count()).toBe(100);
      await more.click();
      await expect.poll(() => lines.count()).toBe(120);
      expect(await lines.last().textContent()).toContain('Paged line 001');
      // Every line once, newest first.
      const texts = (await lines.allTextContents()).map((t) => /Paged line \d{3}/.exec(t)![0]);
      expect(texts).toEqual(Array.from({ length: 120 }, (_, i) => `Paged line ${String(120 - i).padStart(3, '0')}`));
      await more.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
