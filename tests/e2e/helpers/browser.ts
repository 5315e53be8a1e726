import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from '../../helpers/process';

/** Debian's Chromium; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-results', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export interface PageWithErrors {
  page: Page;
  context: BrowserContext;
  /** console errors and uncaught page errors seen so far */
  errors: string[];
}

const PAYPAL_SDK_STANDIN = `window.paypal = { version: 'test', Buttons: function () {
  return { isEligible: function () { return true; }, render: function () { return Promise.resolve(); }, close: function () { return Promise.resolve(); } };
} };`;

/** A fresh context (own localStorage) and page that records console errors and page errors. */
export async function openPage(
  browser: Browser,
  opts: { viewport?: keyof typeof VIEWPORTS; theme?: 'light' | 'dark'; baseURL?: string; locale?: string } = {},
): Promise<PageWithErrors> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[opts.viewport ?? 'desktop'],
    baseURL: opts.baseURL,
    locale: opts.locale,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  // This machine has no way out: PayPal's JS SDK is answered by a small stand-in (its Buttons render
  // nothing), so a page that loads it behaves the same whether or not DNS fails fast.
  await context.route('https://www.paypal.com/sdk/js**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: PAYPAL_SDK_STANDIN }),
  );
  const errors: string[] = [];
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  // A prerendered page shows its HTML before React adopts it, and a click before that does nothing
  // (as for a person on a slow phone): navigations here return once the page is interactive.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const res = await goto(...args);
    await untilInteractive(page);
    return res;
  };
  page.reload = async (...args) => {
    const res = await reload(...args);
    await untilInteractive(page);
    return res;
  };
  return { page, context, errors };
}

/** True at once for a page that was not prerendered; for one that was, once its h1 is React's node. */
export async function untilInteractive(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root?.dataset.prerendered) return true;
    const h1 = root.querySelector('h1');
    return h1 === null || Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });
}

/** A PNG in test-results/screenshots: the whole page, or only the viewport (what a phone shows, e.g. a dialog). */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? true });
  return file;
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string }>;
}

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Judge the page at rest: a colour transition still running (a button leaving its hover or pressed
  // state) is measured halfway and reads as low contrast. Endless animations (spinners) are not waited for.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  // Evaluated through the DevTools protocol, not a <script> tag: the app's CSP forbids inline scripts.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n: any) => ({ target: n.target, html: n.html.slice(0, 200) })),
    }));
  });
  return (result as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
