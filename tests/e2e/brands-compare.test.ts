/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eventually } from '../helpers/eventually';
import type { TestServer } from '../helpers/server';
import { grantPlan, registerUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';
import { stubbedProvidersEnv } from '../helpers/providers';
import { startAppServer } from './helpers/app';
import { launchBrowser, openPage, screenshot } from './helpers/browser';
import { storeSession } from './helpers/user-session';

const OPENAI_KEY = 'sk-e2e-brands';
let server: TestServer;
let browser: Browser;
let openai: ChatStub;

/** Lines per tone, named after the tone the prompt asks for, so each panel's lines are recognisable. */
function linesFor(req: { body: any }): string[] {
  const user = String(req.body?.messages?.[1]?.content ?? '');
  const tone = /Tone: (\w+)/.exec(user)?.[1] ?? 'plain';
  const n = Number(/Write exactly (\d+)/.exec(user)?.[1] ?? 4);
  return Array.from({ length: n }, (_, i) => `Kahawa ${tone} line ${i + 1}, poured at dawn`);
}

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  server = await startAppServer({
    env: stubbedProvidersEnv({ openai, openaiKey: OPENAI_KEY }),
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await openai?.close();
});

describe('brand kits and tone comparison in the browser', () => {
  it('creates a kit, generates with it (no avoided word shown), then compares three tones side by side', async () => {
    const user = await registerUser(server, { name: 'Wanjiru Kamau' });
    await grantPlan(server.database, user.id, 'pro');
    const { page, context, errors } = await openPage(browser, { baseURL: server.url });
    await storeSession(context, server, user);
    try {
      // The user menu leads to the brand kits page.
      await page.goto('/');
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('link', { name: 'Brand Kits' }).click();
      await page.getByRole('heading', { name: 'Brand kits', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New brand kit' }).click();

      const form = page.getByRole('form', { name: 'New brand kit' });
      await form.getByLabel(/^Name/).fill('Kahawa Roasters');
      await form.getByText('15/60').waitFor();
      await form.getByLabel(/^Audience/).fill('early risers');
      const use = form.getByRole('textbox', { name: 'Words to use' });
      await use.fill('dawn');
      await use.press('Enter');
      const avoid = form.getByRole('textbox', { name: 'Words to avoid' });
      for (const word of ['cheap', 'instant']) {
        await avoid.fill(word);
        await avoid.press('Enter');
      }
      // A repeat is refused before the server sees it; the name cannot be avoided.
      await avoid.fill('CHEAP');
      await avoid.press('Enter');
      await form.getByText('"CHEAP" is already in the list').waitFor();
      await avoid.fill('roasters');
      await avoid.press('Enter');
      await form.getByText('the name would be dropped from every line').waitFor();
      await form.getByRole('button', { name: 'Remove roasters' }).click();
      await form.getByLabel(/^Example lines/).fill('Poured before the sun is up.');
      await form.getByRole('button', { name: 'Create brand kit' }).click();
      await page.getByTestId('brand-kit').filter({ hasText: 'Kahawa Roasters' }).waitFor();
      expect(await page.getByText('(1 of 3)').count()).toBe(1);
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 844 });
        await screenshot(page, `brands-page-${width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await page.setViewportSize({ width: 1280, height: 800 });

      // Generate with the kit: the model's lines with an avoided word never reach the page.
      openai.queue({
        kind: 'ok',
        lines: [
          'Cheap coffee, rich taste',
          'Kahawa at dawn, every day',
          'Better than instant',
          'Kahawa for early risers',
          'Kahawa keeps it slow',
          'Kahawa, poured with care',
        ],
      });
      await page.goto('/generate');
      await page.getByLabel(/Brand kit/).selectOption({ label: 'Kahawa Roasters' });
      await page.getByRole('button', { name: 'Generate Lines' }).click();
      const lines = page.getByTestId('generated-line');
      await page.getByText('Kahawa, poured with care').waitFor();
      expect(await lines.allTextContents()).toHaveLength(4);
      expect((await lines.allTextContents()).join(' ')).not.toMatch(/cheap|instant/i);
      expect(openai.requests.at(-1)!.body.messages[1].content).toContain('"name": "Kahawa Roasters"');

      // Compare three tones: three panels stream side by side.
      openai.setBehaviour({ kind: 'ok', lines: linesFor });
      await page.locator('label').filter({ hasText: 'Compare tones' }).click();
      expect(await page.getByRole('switch', { name: 'Compare tones' }).isChecked()).toBe(true);
      await page
        .locator('label')
        .filter({ hasText: /^Funny$/ })
        .click();
      await page
        .locator('label')
        .filter({ hasText: /^Minimalist$/ })
        .click();
      await page.getByRole('button', { name: 'Compare 3 tones' }).click();
      for (const tone of ['corporate', 'funny', 'minimalist']) {
        const panel = page.getByTestId(`compare-${tone}`);
        await panel.getByText(`Kahawa ${tone === 'minimalist' ? 'minimalist' : tone} line 4, poured at dawn`).waitFor();
        expect(await panel.getByTestId('generated-line').count()).toBe(4);
      }
      // Side by side: one row. Measured in one frame, since the page may still be smooth-scrolling to the results.
      const tops = await page.evaluate(() =>
        ['corporate', 'funny', 'minimalist'].map((t) => {
          const el = document.querySelector(`[data-testid="compare-${t}"]`)!;
          return Math.round(el.getBoundingClientRect().top + window.scrollY);
        }),
      );
      expect(new Set(tops).size).toBe(1);
      await screenshot(page, 'compare-tones-desktop');

      // Each line keeps save and regenerate.
      const funny = page.getByTestId('compare-funny');
      await funny.getByRole('button', { name: 'Save line 1' }).click();
      await funny.getByText('Saved', { exact: true }).waitFor();
      await funny.getByRole('button', { name: 'Regenerate line 2' }).click();
      // Compare (3) + generate (1) + one regenerated line (1).
      await eventually(async () => (await server.api('/users/usage', { token: user.token })).body.data.dailyGenerations === 5);
      await funny.getByRole('button', { name: 'Regenerate line 2' }).and(page.locator(':enabled')).waitFor();
      expect(await funny.getByTestId('generated-line').count()).toBe(4);

      // Phones: the panels stack.
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 844 });
        const stacked = await Promise.all(['corporate', 'funny'].map((t) => page.getByTestId(`compare-${t}`).boundingBox()));
        expect(stacked[1]!.y).toBeGreaterThan(stacked[0]!.y);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `compare-tones-${width}`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
