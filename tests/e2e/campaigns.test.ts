/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eventually } from '../helpers/eventually';
import type { TestServer } from '../helpers/server';
import { grantPlan, registerUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub, type ChatStubRequest } from '../stubs/openai.stub';
import { stubbedProvidersEnv } from '../helpers/providers';
import { startAppServer } from './helpers/app';
import { launchBrowser, openPage, screenshot, seriousA11yViolations, untilInteractive } from './helpers/browser';
import { storeSession } from './helpers/user-session';

const OPENAI_KEY = 'sk-e2e-campaigns';
let server: TestServer;
let browser: Browser;
let openai: ChatStub;

/** Short lines that fit the length asked for, naming the day the prompt gives. */
function fittingLines(req: ChatStubRequest): string[] {
  const user = String(req.body?.messages?.at(-1)?.content ?? '');
  const max = Number(/each line \d+-(\d+) characters/.exec(user)?.[1] ?? 30);
  const day = /published on \w+, (\d+ \w+)/.exec(user)?.[1] ?? 'today';
  // A platform that wants hashtags (Instagram captions) gets one at the end.
  const tag = /each line ends with 1 to \d hashtags/.test(user) ? ' #Duka' : '';
  return [`Duka deals, ${day}`.slice(0, max - tag.length) + tag];
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

describe('campaigns in the browser', () => {
  it('at 390 px: plans a campaign, watches the calendar fill, edits a line and exports it', async () => {
    // Each answer takes a moment, so the calendar visibly fills line by line.
    openai.setBehaviour({ kind: 'ok', lines: fittingLines, delayMs: 1500 });
    const user = await registerUser(server, { name: 'Achieng Otieno' });
    await grantPlan(server.database, user.id, 'pro');
    const { page, context, errors } = await openPage(browser, { baseURL: server.url, viewport: 'phone' });
    await storeSession(context, server, user);
    try {
      // The phone menu leads to the page.
      await page.goto('/');
      // The home page arrives prerendered: its menu button answers once React has adopted it.
      await untilInteractive(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Campaigns' }).click();
      await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();

      const form = page.getByRole('form', { name: 'Plan a campaign' });
      await form.getByLabel('Occasion').selectOption('jamhuri_day');
      await form.getByLabel('Days').selectOption('2');
      await form.getByLabel('Google Ads headline').check();
      await form.getByLabel('Google Ads description').check();
      // Four platforms chosen: the others cannot be added.
      expect(await form.getByLabel('X post').isDisabled()).toBe(true);
      await form.getByLabel('Topic').fill('Duka la Mama Njeri');
      await form.getByText('8 lines: one per day and platform').waitFor();
      await screenshot(page, 'campaigns-form-390');
      await form.getByRole('button', { name: 'Plan campaign' }).click();

      // The calendar: two days stacked, four lines each, filling in as they are written.
      const progress = page.getByTestId('campaign-progress');
      await progress.waitFor();
      expect(await page.getByTestId('campaign-day').count()).toBe(2);
      const seen = new Set<number>();
      await eventually(
        async () => {
          const done = await page.locator('[data-testid="campaign-line"][data-status="completed"]').count();
          seen.add(done);
          return done === 8;
        },
        30_000,
        'all eight lines written',
      );
      expect(Math.min(...seen)).toBeLessThan(8);
      await progress.getByText('8 of 8 lines written').waitFor();
      const texts = await page.getByTestId('campaign-line-text').allTextContents();
      expect(texts).toHaveLength(8);
      for (const t of texts) expect(t).toMatch(/^Duka deals/);

      // Nothing is wider than the phone; the buttons are 44 px targets.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const regenerate = page.getByRole('button', { name: /^Regenerate the / }).first();
      const box = (await regenerate.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, 'campaigns-calendar-390');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Edit the first SMS line by hand, with the counter.
      const sms = page.getByTestId('campaign-line').filter({ hasText: 'SMS (one segment)' }).first();
      await sms.getByRole('button', { name: /Edit the SMS/ }).click();
      await sms.getByRole('textbox').fill('Jamhuri Day: 2 for 1 on mandazi at Mama Njeri');
      await sms.getByText(`${'Jamhuri Day: 2 for 1 on mandazi at Mama Njeri'.length} / 160`).waitFor();
      await sms.getByRole('button', { name: 'Save edit' }).click();
      await sms.getByText('Jamhuri Day: 2 for 1 on mandazi at Mama Njeri').waitFor();
      await sms.getByText('· edited').waitFor();

      // Export: a CSV download of every line, and Google Ads Editor's columns.
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV', exact: true }).click()]);
      expect(csv.suggestedFilename()).toMatch(/^genius-lines-campaign-\d{4}-\d{2}-\d{2}-lines\.csv$/);
      const csvText = await readFile((await csv.path())!, 'utf8');
      expect(csvText.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('date,platform,text,characters');
      expect(csvText).toContain('Jamhuri Day: 2 for 1 on mandazi at Mama Njeri');
      const [google] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Google Ads', exact: true }).click(),
      ]);
      const googleText = await readFile((await google.path())!, 'utf8');
      expect(googleText.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(
        /^Campaign,Ad group,Headline 1,.*,Headline 15,Description 1,.*,Description 4$/,
      );
      // No Facebook lines: Meta's Body comes from the Instagram captions, one ad a day.
      const [meta] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Meta Ads', exact: true }).click(),
      ]);
      const metaRows = (await readFile((await meta.path())!, 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(metaRows[0]).toBe('Campaign Name,Ad Set Name,Ad Name,Title,Body');
      expect(metaRows).toHaveLength(3);

      // At 320 px the days and lines still stack without sideways scrolling.
      await page.setViewportSize({ width: 320, height: 700 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await screenshot(page, 'campaigns-calendar-320');

      // The campaign stays in the list after a reload, with its lines.
      await page.reload();
      await page.getByRole('button', { name: /Jamhuri Day · .* · 2 days/ }).waitFor();
      await page.getByText('Jamhuri Day: 2 for 1 on mandazi at Mama Njeri').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
