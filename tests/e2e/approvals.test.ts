/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startAppServer } from './helpers/app';
import { launchBrowser, openPage, screenshot, seriousA11yViolations } from './helpers/browser';
import { TAP_MIN, pageScrollWidth } from './helpers/layout';
import { storeSession } from './helpers/user-session';

/**
 * Client approval links (issue 36) in two browsers: a Business member at 1280 px shares lines from
 * the library; their client, on a 390 px phone without an account, approves one line and asks for
 * changes on another; the member sees both live, refines the line with the generator's refine
 * actions and re-shares it; the client approves the new version live; the member exports the
 * approved lines and makes a new link, which closes the client's page on the old one. Then the
 * client's page in Kiswahili at 320 px, and its first visit against the phone budget.
 */
const BUDGET_BYTES = 150 * 1024;
const LINES = [
  { text: 'Fresh greens at your door by 8am', platform: 'x_post' },
  { text: 'Sukuma, spinach and dhania before breakfast. Order by 9pm.', platform: 'sms' },
] as const;

let server: TestServer;
let browser: Browser;
let member: TestUser;
/** A link made through the API, for the tests of the client's page alone. */
let linkPath = '';

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  member = await registerUser(server, { name: 'Wanjiru Kamau' });
  await grantPlan(server.database, member.id, 'business');
  await markVerified(server.database, member.id);
  // Saved in reverse, so the library (newest first) lists them in LINES' order.
  for (const line of [...LINES].reverse()) {
    const saved = await server.api('/lines/save', { token: member.token, body: { ...line, category: 'adlines', tone: 'bold' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  }
  const library = await server.api('/lines/saved', { token: member.token });
  const created = await server.api('/approvals', {
    token: member.token,
    body: {
      title: 'Mama Mboga launch week',
      language: 'sw',
      source: { savedLineIds: library.body.data.savedLines.map((l: { id: string }) => l.id) },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  linkPath = new URL(created.body.data.url).pathname.replace(/^\/sw/, '');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phone(width = 390, height = 844, locale?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: server.url, isMobile: true, hasTouch: true, locale });
  return { context, page: await context.newPage() };
}

const clientLine = (page: Page, n: number) => page.getByTestId('approval-line').nth(n - 1);
const teamLine = (page: Page, n: number) => page.getByTestId('approval-team-line').nth(n - 1);

describe('client approval links, two browsers', () => {
  it('share, the client decides, the member sees it live, refines and re-shares, the client approves, the member exports and makes a new link', async () => {
    const team = await openPage(browser, { baseURL: server.url, viewport: 'desktop' });
    await storeSession(team.context, server, member);
    const client = await phone();
    try {
      // The member chooses two lines in the library and shares them.
      const m = team.page;
      await m.goto('/saved');
      await m.getByRole('checkbox', { name: `Select for approval: ${LINES[0].text}` }).check();
      await m.getByRole('checkbox', { name: `Select for approval: ${LINES[1].text}` }).check();
      await m.getByTestId('selection-bar').getByText('2 lines selected').waitFor();
      await m.getByTestId('selection-bar').getByRole('button', { name: 'Share for approval' }).click();
      const dialog = m.getByRole('dialog', { name: 'Share for approval' });
      await dialog.getByLabel('Title').fill('Mama Mboga launch week');
      await dialog.getByLabel('Note to your client (optional)').fill('Please approve by Friday.');
      expect(await dialog.getByLabel('Link works for').inputValue()).toBe('14');
      await screenshot(m, 'approvals-share-1280', { fullPage: false });
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const url = await dialog.getByTestId('approval-url').inputValue();
      const sharedPath = new URL(url).pathname;
      expect(sharedPath).toMatch(/^\/approve\/[A-Za-z0-9_-]{22}$/);
      await dialog.getByRole('link', { name: 'Follow the decisions' }).click();
      await m.getByRole('heading', { level: 2, name: 'Mama Mboga launch week' }).waitFor();

      // The client opens the link on a phone: the lines as their platforms show them.
      const c = client.page;
      await c.goto(sharedPath);
      await c.getByRole('heading', { level: 1, name: 'Mama Mboga launch week' }).waitFor();
      expect(await c.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      await clientLine(c, 1).getByText('32 / 280 (as X counts)').waitFor();
      await clientLine(c, 2)
        .getByText(/characters · 1 SMS/)
        .waitFor();
      await c.getByLabel('Your name').fill('Amina Otieno');
      await c.getByRole('button', { name: 'Continue' }).click();
      await clientLine(c, 1).getByRole('button', { name: 'Approve' }).click();
      await clientLine(c, 2).getByRole('button', { name: 'Request changes' }).click();
      await clientLine(c, 2).getByLabel('What should change?').fill('Lead with the 9pm cut-off.');
      await clientLine(c, 2).getByRole('button', { name: 'Send request' }).click();
      await c.locator('[data-testid="approval-line"][data-state="changes_requested"]').waitFor();
      await screenshot(c, 'approvals-client-390');

      // The member sees both decisions arrive, with the comment.
      await m.locator('[data-testid="approval-team-line"][data-state="approved"]').waitFor();
      await m.locator('[data-testid="approval-team-line"][data-state="changes_requested"]').waitFor();
      await teamLine(m, 2).getByText('Lead with the 9pm cut-off.').waitFor();
      expect(await teamLine(m, 1).getByTestId('approval-decision').textContent()).toContain('Amina Otieno approved version 1');
      expect(await seriousA11yViolations(m)).toEqual([]);
      await screenshot(m, 'approvals-team-1280');

      // Refines the line with one of the generator's refine actions and re-shares the refined line
      // as version 2: the client sees it arrive, waiting again.
      await teamLine(m, 2).getByRole('button', { name: 'Refine Line 2' }).click();
      await teamLine(m, 2).getByRole('button', { name: 'Shorter' }).click();
      const draft = teamLine(m, 2).getByLabel('Version 2');
      await draft.waitFor();
      const refined = await draft.inputValue();
      expect(refined).not.toBe(LINES[1].text);
      expect(refined.length).toBeLessThan(LINES[1].text.length);
      expect(refined).toMatch(/sukuma|spinach|dhania|9pm/i);
      await screenshot(m, 'approvals-team-refined-1280', { fullPage: false });
      await teamLine(m, 2).getByRole('button', { name: 'Re-share as a new version' }).click();
      await clientLine(c, 2).getByText('Version 2').waitFor();
      await clientLine(c, 2).getByText(refined).waitFor();
      expect(await clientLine(c, 2).getAttribute('data-state')).toBe('pending');
      await clientLine(c, 2).getByRole('button', { name: 'Approve' }).click();

      // The member sees the new version approved, and exports the two approved lines.
      await m.locator('[data-testid="approval-team-line"][data-state="approved"]').nth(1).waitFor();
      await m.getByRole('heading', { name: '2 approved lines' }).waitFor();
      const [csv] = await Promise.all([m.waitForEvent('download'), m.getByRole('button', { name: 'Export CSV' }).click()]);
      const exported = await readFile((await csv.path())!, 'utf8');
      expect(exported).toContain(LINES[0].text);
      expect(exported).toContain(refined);
      expect(exported).not.toContain(LINES[1].text);

      // A new link for the same approval: the client's open page on the old one closes at once, the
      // new one shows the same lines and decisions.
      await m.getByRole('button', { name: 'New link' }).click();
      await m.getByRole('dialog', { name: 'Make a new link?' }).getByRole('button', { name: 'Make a new link' }).click();
      const renewed = new URL(await m.getByTestId('approval-new-url').inputValue()).pathname;
      expect(renewed).toMatch(/^\/approve\/[A-Za-z0-9_-]{22}$/);
      expect(renewed).not.toBe(sharedPath);
      await c.getByRole('heading', { name: "This link can't be opened" }).waitFor();
      await c.goto(renewed);
      await c.locator('[data-testid="approval-line"][data-state="approved"]').nth(1).waitFor();
      expect(team.errors).toEqual([]);

      // The same page on the member's phone: nothing scrolls sideways.
      await m.setViewportSize({ width: 390, height: 844 });
      expect(await pageScrollWidth(m)).toBeLessThanOrEqual(390);
      await screenshot(m, 'approvals-team-390');
    } finally {
      await team.context.close();
      await client.context.close();
    }
  });

  it('the page in Kiswahili at 320 px: no sideways scroll, 16 px inputs, 44 px targets', async () => {
    const { context, page } = await phone(320, 640);
    try {
      await page.goto(`/sw${linkPath}`);
      await page.getByRole('heading', { level: 1, name: 'Mama Mboga launch week' }).waitFor();
      await page.getByText('Mstari wa 1').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
      await page.getByLabel('Jina lako').waitFor();
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(320);
      const fonts = await page.locator('input, textarea').evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
      expect(fonts.every((f) => f >= 16)).toBe(true);
      const buttons = await page
        .getByRole('main')
        .getByRole('button')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
      expect(Math.min(...buttons)).toBeGreaterThanOrEqual(TAP_MIN);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'approvals-client-sw-320');
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'approvals-client-sw-1280');
      // The switch goes to English on the same link.
      await page.getByRole('link', { name: 'English' }).click();
      await page.getByRole('button', { name: 'Approve all 2 remaining' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(linkPath);
    } finally {
      await context.close();
    }
  });

  it("the page arrives with the link's title as its heading; a link with a PIN and an unknown one get the same plain shell", async () => {
    const page = await fetch(`${server.url}${linkPath}`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await page.text();
    expect(html).toContain('<title>Mama Mboga launch week · Genius Lines</title>');
    expect(html).toMatch(/<h1 id="approval-title"[^>]*>Mama Mboga launch week<\/h1>/);
    expect(await (await fetch(`${server.url}/sw${linkPath}`)).text()).toMatch(/<html lang="sw"[\s\S]*id="approval-title"/);

    const withPin = await server.api('/approvals', {
      token: member.token,
      body: {
        title: 'Behind a PIN',
        pin: '4321',
        source: { savedLineIds: [(await server.api('/lines/saved', { token: member.token })).body.data.savedLines[0].id] },
      },
    });
    expect(withPin.status, JSON.stringify(withPin.body)).toBe(201);
    const pinPage = await (await fetch(`${server.url}${new URL(withPin.body.data.url).pathname}`)).text();
    const unknownPage = await (await fetch(`${server.url}/approve/${'A'.repeat(22)}`)).text();
    expect(pinPage).not.toContain('Behind a PIN');
    expect(pinPage).not.toContain('approval-title');
    expect(pinPage).toBe(unknownPage);

    // The HTML is no way round the misses limit: an address that keeps asking for unknown pages gets no
    // title even for a good link, and the page's own read refuses it too (429).
    const from = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 30; i++) await (await fetch(`${server.url}/approve/${'B'.repeat(21)}${i % 10}`, { headers: from })).text();
    expect(await (await fetch(`${server.url}${linkPath}`, { headers: from })).text()).not.toContain('approval-title');
    const read = await fetch(`${server.url}/api/public/approvals/${linkPath.split('/').pop()}`, { headers: from });
    expect(read.status).toBe(429);
  });

  it.each(['en', 'sw'])("the client's first visit transfers at most 150 KB (%s)", async (lang) => {
    const { context, page } = await phone(390, 844, lang === 'sw' ? 'sw-KE' : 'en-US');
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const sizes = new Map<string, { url: string; origin: string; bytes: number }>();
      cdp.on('Network.responseReceived', (e) => {
        const u = new URL(e.response.url);
        sizes.set(e.requestId, { url: u.pathname, origin: u.origin, bytes: 0 });
      });
      cdp.on('Network.loadingFinished', (e) => {
        const entry = sizes.get(e.requestId);
        if (entry) entry.bytes = e.encodedDataLength;
      });
      await page.goto(lang === 'sw' ? `/sw${linkPath}` : linkPath, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Mama Mboga launch week' }).waitFor();
      await page.waitForLoadState('networkidle');
      const rows = [...sizes.values()];
      const total = rows.reduce((sum, r) => sum + r.bytes, 0);
      console.log(
        `first visit to the approval page (${lang}): ${(total / 1024).toFixed(1)} KB`,
        rows.map((r) => `${r.url} ${r.bytes}`),
      );
      expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
      // Nothing from another origin.
      expect(rows.filter((r) => r.origin !== new URL(server.url).origin)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
