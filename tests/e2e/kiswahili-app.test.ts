/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { nthMailTo } from '../helpers/mail-links';
import { grantPlan, registerUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { startAppServer } from './helpers/app';
import { launchBrowser, screenshot, untilInteractive } from './helpers/browser';
import { pageScrollWidth, screenshotOf } from './helpers/layout';
import { generatedLines, storeSession } from './helpers/user-session';

const OPENAI_KEY = 'sk-e2e-stub';
/** What the model answers: content, not interface (in Kiswahili so it cannot hide an English word). */
const LINES = [
  'Kahawa ya Nakuru, tamu kila asubuhi',
  'Kikombe kimoja, siku nzima ya nguvu',
  'Harufu ya ziwa, ladha ya nyumbani',
  'Kahawa yako ya kila siku, imetengenezwa vizuri',
];

let smtp: SmtpStub;
let openai: ChatStub;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtpStub();
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  openai.setBehaviour({ kind: 'ok', lines: LINES });
  server = await startAppServer({ env: { SMTP_URL: smtp.url, OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: `${openai.url}/v1` } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await openai?.close();
  await smtp?.close();
});

/** English interface words that must not show on a Kiswahili page (whole words, case as the UI writes them). */
const ENGLISH = [
  'Generate',
  'Save',
  'Saved',
  'Sign in',
  'Sign In',
  'Sign up',
  'Sign out',
  'Saved lines',
  'Saved Lines',
  'Billing',
  'Plan',
  'plan',
  'Copy',
  'Delete',
  'Loading',
  'Upgrade',
  'Password',
  'Email',
  'Account',
  'Menu',
  'Topic',
  'Search',
  'Free',
  'Monthly',
  'Yearly',
  'Pricing',
  'Home',
  'Lines',
  'Settings',
  'Welcome',
  'Try again',
  'Cancel',
  'Close',
  'Language',
];
/** Names that stay as they are in every language. */
const BRANDS = /Genius Lines|M-Pesa|PayPal|OpenAI/g;

/** The English interface words visible on the page, besides brand names and `content` (what the user or the model wrote). */
async function englishOn(page: Page, content: string[] = []): Promise<string[]> {
  let text = (await page.locator('body').innerText()).replace(BRANDS, '');
  for (const c of content) text = text.split(c).join('');
  return ENGLISH.filter((w) => new RegExp(`\\b${w}\\b`).test(text));
}

/** A phone set to Kiswahili (Kenya), with the language cookie the switch writes. */
async function kiswahiliPhone(width = 390, height = 844): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'sw-KE', baseURL: server.url });
  await context.addCookies([{ name: 'gl_lang', value: 'sw', url: server.url }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, context, errors };
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await untilInteractive(page);
}

/** Checks the page fits 390 px, then looks at it at 320 px too. */
async function fitsPhones(page: Page, name: string): Promise<void> {
  expect(await pageScrollWidth(page), `${name} at 390`).toBeLessThanOrEqual(390);
  await screenshot(page, `kiswahili-${name}-390`);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await pageScrollWidth(page), `${name} at 320`).toBeLessThanOrEqual(320);
  await screenshot(page, `kiswahili-${name}-320`);
  await page.setViewportSize({ width: 390, height: 844 });
}

describe('the app pages in Kiswahili (a phone set to sw-KE)', () => {
  it('/auth, /generate with its results, /saved with a line and /billing show no English interface words', async () => {
    const signedOut = await kiswahiliPhone();
    try {
      const { page } = signedOut;
      await open(page, '/auth');
      await page.getByRole('heading', { name: 'Karibu tena' }).waitFor();
      await page.getByLabel('Nenosiri', { exact: true }).waitFor();
      expect(await englishOn(page)).toEqual([]);
      await fitsPhones(page, 'auth');
      // When the server cannot be reached, the app's own message is Kiswahili too.
      await page.getByRole('main').getByLabel('Barua pepe', { exact: true }).fill('mtu@example.com');
      await page.getByRole('main').getByLabel('Nenosiri', { exact: true }).fill('nenosiri-refu');
      await signedOut.context.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: 'Ingia', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Imeshindikana kuingia' }).waitFor();
      expect(await englishOn(page, ['mtu@example.com'])).toEqual([]);
      await signedOut.context.unroute('**/api/auth/login');

      await page.getByRole('button', { name: 'Jisajili' }).first().click();
      await page.getByRole('heading', { name: 'Jiunge na Genius Lines' }).waitFor();
      await page.getByLabel('Jina kamili').waitFor();
      expect(await englishOn(page)).toEqual([]);
      await fitsPhones(page, 'auth-sign-up');
      expect(signedOut.errors).toEqual([]);
    } finally {
      await signedOut.context.close();
    }

    const { page, context, errors } = await kiswahiliPhone();
    try {
      const user = await registerUser(server, { name: 'Amina Wanjiru' });
      await storeSession(context, server, user);
      const content = [user.name, user.email, ...LINES, 'duka la kahawa mjini Nakuru'];

      await open(page, '/generate');
      await page.getByRole('heading', { level: 1, name: 'Tunga mistari' }).waitFor();
      expect(await englishOn(page, content)).toEqual([]);
      await page.getByLabel(/Mada/).fill('duka la kahawa mjini Nakuru');
      await page.getByRole('button', { name: 'Tunga mistari' }).last().click();
      await page.getByText(LINES[3]!).waitFor();
      await page.getByText('Utungo umekamilika').waitFor();
      await generatedLines(page).filter({ hasText: LINES[0]! }).waitFor();
      await page.getByRole('button', { name: 'Hifadhi mstari wa 1' }).click();
      await page.getByRole('button', { name: 'Hifadhi mstari wa 1' }).filter({ hasText: 'Imehifadhiwa' }).waitFor();
      expect(await englishOn(page, content)).toEqual([]);
      await fitsPhones(page, 'generate');
      await page.setViewportSize({ width: 320, height: 640 });
      await screenshotOf(page.getByRole('main').locator('form').first(), 'kiswahili-generate-form-320');
      await screenshotOf(generatedLines(page).first(), 'kiswahili-generate-line-320');
      await page.setViewportSize({ width: 390, height: 844 });

      await open(page, '/saved');
      await page.getByRole('heading', { level: 1, name: 'Mistari iliyohifadhiwa' }).waitFor();
      await page.getByTestId('saved-line').filter({ hasText: LINES[0]! }).waitFor();
      await page.getByRole('button', { name: 'Nakili' }).first().waitFor();
      await page.getByText('Mstari 1 kati ya 1').waitFor();
      expect(await englishOn(page, content)).toEqual([]);
      await fitsPhones(page, 'saved');

      await open(page, '/billing');
      await page.getByRole('heading', { level: 1, name: 'Malipo' }).waitFor();
      await page.getByText('Uko kwenye mpango wa Bure.').waitFor();
      expect(await englishOn(page, content)).toEqual([]);
      await fitsPhones(page, 'billing');

      // On a paid plan, the plan card and what it offers.
      await grantPlan(server.database, user.id, 'pro');
      await open(page, '/billing');
      await page.getByRole('heading', { name: 'Mpango wa Pro' }).waitFor();
      expect(await englishOn(page, content)).toEqual([]);
      await fitsPhones(page, 'billing-pro');

      // The phone menu, signed in.
      await page.getByRole('button', { name: 'Fungua menyu' }).click();
      await page.getByRole('navigation', { name: 'Simu' }).getByRole('combobox', { name: 'Lugha' }).waitFor();
      expect(await englishOn(page, content)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a signed-in switch to Kiswahili makes the next e-mail Kiswahili, and switching back makes the next one English', async () => {
    const user = await registerUser(server, { name: 'Otieno Kamau' });
    // The welcome verification mail, in the account's language at sign-up (English).
    await nthMailTo(smtp, user.email, /^Confirm your email address$/);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', baseURL: server.url });
    try {
      await storeSession(context, server, user);
      const page = await context.newPage();
      await open(page, '/account');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/language') && r.ok());
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('combobox', { name: 'Language' }).selectOption('sw');
      await saved;
      await page.waitForFunction(() => document.documentElement.lang === 'sw');
      if (await page.getByRole('navigation', { name: 'Simu' }).isVisible()) await page.keyboard.press('Escape');
      const verification = page.getByRole('region', { name: 'Uthibitisho wa barua pepe' });
      await verification.getByRole('button', { name: 'Tuma kiungo tena' }).click();
      await verification.getByText(`Imetumwa. Angalia ${user.email}.`).waitFor();
      const sw = await nthMailTo(smtp, user.email, /^Thibitisha barua pepe yako$/);
      expect(sw.text).not.toMatch(/Confirm your email/);

      await page.getByRole('button', { name: 'Fungua menyu' }).click();
      const back = page.waitForResponse((r) => r.url().endsWith('/api/account/language') && r.ok());
      await page.getByRole('navigation', { name: 'Simu' }).getByRole('combobox', { name: 'Lugha' }).selectOption('en');
      await back;
      await page.reload();
      await untilInteractive(page);
      // The account page has rendered (not its loading state) before its words are read.
      const english = page.getByRole('region', { name: 'Email verification' });
      await english.waitFor();
      // The same word list finds the English page (the check above can fail).
      expect(await englishOn(page, [user.name, user.email])).toEqual(expect.arrayContaining(['Account', 'Email']));
      await english.getByRole('button', { name: 'Resend link' }).click();
      await english.getByText(`Sent. Check ${user.email}.`).waitFor();
      await nthMailTo(smtp, user.email, /^Confirm your email address$/, 2);
    } finally {
      await context.close();
    }
  });
});
