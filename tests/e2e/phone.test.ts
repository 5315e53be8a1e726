/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';
import { startAppServer } from './helpers/app';
import { launchBrowser, screenshot, untilInteractive } from './helpers/browser';
import { storeSession, storeTheme } from './helpers/user-session';

const OPENAI_KEY = 'sk-e2e-phone';
const LINES = ['Small screens, big ideas', 'Words that fit in a thumb', 'Tap once, ship twice'];
const SMALL_PHONE = { width: 320, height: 640 };
const TAP_MIN = 44;

let server: TestServer;
let browser: Browser;
let openai: ChatStub;
let user: TestUser;

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  openai.setBehaviour({ kind: 'ok', lines: LINES });
  server = await startAppServer({ env: { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: `${openai.url}/v1` } });
  browser = await launchBrowser();
  user = await registerUser(server, { name: 'Wanjiru Phone' });
  const saved = await server.api('/lines/save', {
    token: user.token,
    body: { text: 'Saved on a small screen', category: 'taglines', tone: 'bold' },
  });
  expect(saved.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await openai?.close();
});

async function phoneContext(signedIn: boolean, viewport = SMALL_PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: server.url, isMobile: true, hasTouch: true });
  await storeTheme(context, 'dark');
  if (signedIn) await storeSession(context, server, user);
  return { context, page: await context.newPage() };
}

/** Fields narrower than 16 px text (iOS zooms on focus), and whether the page scrolls sideways. */
async function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
    const smallFields = [...document.querySelectorAll('input, select, textarea')]
      .filter((el) => visible(el) && !['checkbox', 'radio', 'hidden'].includes((el as HTMLInputElement).type))
      .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16)
      .map((el) => `${el.tagName.toLowerCase()}#${el.id} ${getComputedStyle(el).fontSize}`);
    return { scrollWidth: document.documentElement.scrollWidth, smallFields };
  });
}

async function heights(locator: ReturnType<Page['getByRole']>): Promise<number[]> {
  await locator.first().waitFor();
  const boxes = await locator.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  expect(boxes.length).toBeGreaterThan(0);
  return boxes;
}

describe('phone-sized pages at 320 px', () => {
  const PAGES = [
    { path: '/', heading: /Words that ship/ },
    { path: '/generate', heading: /Generate lines/ },
    { path: '/pricing', heading: /./ },
    { path: '/auth', heading: /./ },
    { path: '/contact', heading: /Get in Touch/ },
    { path: '/api-docs', heading: /Genius Lines API/ },
    { path: '/saved', heading: /./ },
    { path: '/courses', heading: /Premium Courses/ },
  ];

  it('no page scrolls sideways and every field has 16 px text', async () => {
    const { page, context } = await phoneContext(true);
    try {
      for (const p of PAGES) {
        await page.goto(p.path);
        await page.getByRole('heading', { level: 1, name: p.heading }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const { scrollWidth, smallFields } = await layoutProblems(page);
        expect({ page: p.path, scrollWidth }).toEqual({ page: p.path, scrollWidth: SMALL_PHONE.width });
        expect({ page: p.path, smallFields }).toEqual({ page: p.path, smallFields: [] });
        await screenshot(page, `phone-320${p.path === '/' ? '-home' : p.path.replace(/\//g, '-')}`);
      }
      // Every tab of the API docs fits too.
      await page.goto('/api-docs');
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        expect((await layoutProblems(page)).scrollWidth).toBe(SMALL_PHONE.width);
      }
    } finally {
      await context.close();
    }
  });

  it('the language select shows its whole choice', async () => {
    const { page, context } = await phoneContext(false);
    try {
      await page.goto('/generate');
      // The form's own (the header's interface-language switch has the same name).
      const select = page.getByRole('main').getByLabel('Language');
      const fits = await select.evaluate((el: HTMLSelectElement) => {
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(el).font;
        probe.textContent = el.selectedOptions[0]!.text;
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return el.clientWidth - 40 >= needed; // room left for the padding and the arrow
      });
      expect(fits).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('primary tap targets are at least 44 px tall: line actions, tone chips, the billing switch, Upgrade, saved-line buttons', async () => {
    const { page, context } = await phoneContext(true, { width: 390, height: 844 });
    try {
      await page.goto('/generate');
      await page.getByRole('heading', { level: 1, name: /Generate lines/ }).waitFor();
      // The tone chips (each a label around its radio).
      const chips = page.locator('input[name="tone"]').locator('xpath=..');
      for (const h of await chips.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
        expect(h, 'tone chip').toBeGreaterThanOrEqual(TAP_MIN);
      expect(await chips.count()).toBeGreaterThan(3);
      await page.getByLabel(/Topic/).fill('a phone shop in Kisumu');
      await page.getByRole('button', { name: 'Generate Lines' }).click();
      await page.getByText(LINES[2]!).waitFor();
      for (const name of [/^Copy line/, /^Save line/, /^Regenerate line/]) {
        for (const h of await heights(page.getByRole('button', { name }))) expect(h, String(name)).toBeGreaterThanOrEqual(TAP_MIN);
      }
      await screenshot(page, 'phone-390-generate-results');

      await page.goto('/pricing');
      for (const name of ['Monthly', 'Yearly', /Upgrade to/]) {
        for (const h of await heights(page.getByRole('button', { name }))) expect(h, String(name)).toBeGreaterThanOrEqual(TAP_MIN);
      }

      await page.goto('/saved');
      await page.getByText('Saved on a small screen').waitFor();
      for (const name of [/^Copy$/, /^Delete saved line/]) {
        for (const h of await heights(page.getByRole('button', { name }))) expect(h, String(name)).toBeGreaterThanOrEqual(TAP_MIN);
      }
    } finally {
      await context.close();
    }
  });
});

describe("the footer's newsletter form on a phone", () => {
  it('its Subscribe button is as tall as a primary button (44 px) at 390 and 320 px, on every page', async () => {
    for (const viewport of [{ width: 390, height: 844 }, SMALL_PHONE]) {
      const { page, context } = await phoneContext(false, viewport);
      try {
        for (const path of ['/', '/pricing', '/generate', '/contact']) {
          await page.goto(path);
          const form = page.locator('footer form[aria-label="Newsletter"]');
          const button = form.getByRole('button', { name: 'Subscribe' });
          await button.scrollIntoViewIfNeeded();
          const box = (await button.boundingBox())!;
          expect(box.height, `${path} at ${viewport.width} px`).toBeGreaterThanOrEqual(TAP_MIN);
          // The field beside it is as tall, and the form stays inside the screen.
          expect((await form.getByLabel('Email address').boundingBox())!.height).toBeGreaterThanOrEqual(TAP_MIN);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
          if (path === '/') await screenshot(page, `phone-${viewport.width}-footer-newsletter`, { fullPage: false });
        }
      } finally {
        await context.close();
      }
    }
  });
});

describe('the phone menu', () => {
  it('fits the screen and scrolls inside itself, locks the page, closes with Escape and with a backdrop tap that never reaches the page', async () => {
    const { page, context } = await phoneContext(true);
    try {
      await page.goto('/about');
      await page.getByRole('heading', { level: 1, name: /Two people, one mission/ }).waitFor();
      // /about arrives prerendered: its menu button answers once React has adopted the page.
      await untilInteractive(page);
      const button = page.getByRole('button', { name: 'Open menu' });
      await button.click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await menu.waitFor();
      // Fits the screen; Sign Out is reachable by scrolling the menu itself.
      const panel = menu.locator('xpath=..');
      const box = (await panel.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(SMALL_PHONE.height + 1);
      await menu.getByRole('button', { name: 'Sign Out' }).scrollIntoViewIfNeeded();
      const signOut = (await menu.getByRole('button', { name: 'Sign Out' }).boundingBox())!;
      expect(signOut.y + signOut.height).toBeLessThanOrEqual(SMALL_PHONE.height);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      await screenshot(page, 'phone-320-menu-open');

      await page.keyboard.press('Escape');
      await expect(menu.isVisible()).resolves.toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

      // A tap on the backdrop, over a link of the page, closes the menu and stays on the page.
      await button.click();
      await menu.waitFor();
      await page.getByTestId('menu-backdrop').tap({ position: { x: 160, y: SMALL_PHONE.height - 10 } });
      await expect(menu.isVisible()).resolves.toBe(false);
      expect(new URL(page.url()).pathname).toBe('/about');
    } finally {
      await context.close();
    }
  });
});
