/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionsRepository } from '@gl/core/server';
import type { TestServer } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';
import { startAppServer } from './helpers/app';
import { ARTIFACTS_DIR, launchBrowser, openPage, screenshot, seriousA11yViolations, VIEWPORTS } from './helpers/browser';
import { storeSession, storeTheme } from './helpers/user-session';

/**
 * The app's pages (generate, saved, pricing with its modal, auth), in light and dark,
 * at desktop and phone widths: a screenshot of each (test-results/screenshots) and axe-core with
 * zero serious or critical violations.
 */
const OPENAI_KEY = 'sk-e2e-a11y';
let server: TestServer;
let browser: Browser;
let openai: ChatStub;
let pro: TestUser;
let free: TestUser;

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  openai.setBehaviour({
    kind: 'ok',
    lines: ['Ideas that ship before lunch', 'Sharp words for busy brands', 'Your story, one line at a time', 'Less noise, more signal'],
  });
  server = await startAppServer({ env: { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: `${openai.url}/v1`, PAYMENTS_SIMULATED: 'true' } });
  browser = await launchBrowser();

  free = await registerUser(server, { name: 'Frida Free' });
  pro = await registerUser(server, { name: 'Paula Pro' });
  // Test fixture: Paula already has Pro (bought elsewhere in the suite through the real payment flow).
  await subscriptionsRepository.insertActive(server.services.ctx.db, {
    userId: pro.id,
    planId: 'pro',
    interval: 'month',
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    paymentId: null,
  });
  for (const tone of ['funny', 'bold', 'inspirational'] as const) {
    const res = await server.api('/lines/generate', { token: pro.token, body: { category: 'quotes', tone } });
    expect(res.status).toBe(202);
  }
  const samples = [
    { text: 'Ship it, then make it shine.', category: 'slogans', tone: 'bold' },
    { text: 'Coffee-fuelled developer. Occasional poet. Full-time bug whisperer.', category: 'bios', tone: 'funny' },
    { text: 'Every great product starts as a rough draft.', category: 'quotes', tone: 'inspirational' },
    { text: 'Clarity over cleverness, every single time.', category: 'taglines', tone: 'minimalist' },
    { text: 'Sunset, salt air and a phone on silent. #offline', category: 'captions', tone: 'romantic' },
    { text: 'Hear it once, hum it all week: Genius Lines.', category: 'adlines', tone: 'motivational' },
  ];
  for (const s of samples) expect((await server.api('/lines/save', { token: pro.token, body: s })).status).toBeLessThan(300);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await openai?.close();
});

interface Scenario {
  name: string;
  user?: () => TestUser;
  /** A dialog: capture what the viewport shows rather than the whole page. */
  viewportOnly?: boolean;
  open(page: Page): Promise<void>;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'generate',
    async open(page) {
      await page.goto('/generate');
      await page.getByText('AI-powered generation').waitFor();
      await page.getByTestId('usage-remaining').waitFor();
      await page.getByRole('button', { name: 'Generate Lines' }).click();
      await page.getByTestId('source-notice').waitFor();
    },
  },
  {
    name: 'generate-pro',
    user: () => pro,
    async open(page) {
      await page.goto('/generate?category=quotes');
      await page.getByTestId('usage-unlimited').waitFor();
    },
  },
  {
    name: 'saved-wall',
    async open(page) {
      await page.goto('/saved');
      await page.getByRole('heading', { name: 'Sign In Required' }).waitFor();
    },
  },
  {
    name: 'saved',
    user: () => pro,
    async open(page) {
      await page.goto('/saved');
      await page.getByTestId('saved-line').first().waitFor();
      await page.locator('.usage-bar').first().waitFor();
    },
  },
  {
    name: 'saved-empty',
    user: () => free,
    async open(page) {
      await page.goto('/saved');
      await page.getByText('No saved lines yet').waitFor();
    },
  },
  {
    name: 'pricing',
    user: () => free,
    async open(page) {
      await page.goto('/pricing');
      await page.getByTestId('current-plan').waitFor();
      await page.locator('details').first().click();
    },
  },
  {
    name: 'pricing-modal',
    user: () => free,
    viewportOnly: true,
    async open(page) {
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.getByRole('button', { name: 'Simulate PayPal approval' }).waitFor();
    },
  },
  {
    name: 'pricing-modal-mpesa',
    user: () => free,
    viewportOnly: true,
    async open(page) {
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.getByRole('dialog').getByText('M-Pesa', { exact: true }).click();
      await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'auth',
    async open(page) {
      await page.goto('/auth');
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    },
  },
  {
    name: 'auth-signup',
    async open(page) {
      await page.goto('/auth?mode=signup');
      await page.getByRole('heading', { name: 'Join Genius Lines' }).waitFor();
    },
  },
];

describe('app pages: screenshots and accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>) {
      it(`${theme}, ${viewport}: no serious or critical axe violation, no console error`, async () => {
        for (const scenario of SCENARIOS) {
          const { page, context, errors } = await openPage(browser, { baseURL: server.url, viewport });
          try {
            await storeTheme(context, theme);
            const user = scenario.user?.();
            if (user) await storeSession(context, server, user);
            await scenario.open(page);
            expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
            await page.mouse.move(0, 0);
            const shot = `app-${scenario.name}-${theme}-${viewport}`;
            if (scenario.viewportOnly) {
              mkdirSync(ARTIFACTS_DIR, { recursive: true });
              await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${shot}.png`) });
            } else {
              // From the top, so the sticky header sits where a person sees it.
              await page.evaluate(() => window.scrollTo(0, 0));
              await screenshot(page, shot);
            }
            const violations = await seriousA11yViolations(page);
            expect(violations, `${scenario.name} (${theme}, ${viewport}): ${JSON.stringify(violations, null, 2)}`).toEqual([]);
            expect(errors, scenario.name).toEqual([]);
          } finally {
            await context.close();
          }
        }
      });
    }
  }
});
