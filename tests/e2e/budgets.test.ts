import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/process';
import type { TestServer } from '../helpers/server';
import { startAppServer, useAppInBrowser } from './helpers/app';
import { launchBrowser, openPage } from './helpers/browser';

const BUDGET_BYTES = 150 * 1024;

/** The scripts / loads before any route chunk: the entry module and its modulepreloads. */
function initialScripts(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  const classic = [...html.matchAll(/<script(?![^>]*type="module")[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set([...entry, ...preloads, ...classic])];
}

describe('budgets, as npm start builds and serves the client', () => {
  // npm start's client build, with NODE_ENV=development in the environment as a developer's shell
  // may have it; into a directory of its own so the other browser tests keep client/dist.
  const dist = mkdtempSync(path.join(tmpdir(), 'gl-budget-dist-'));
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    execFileSync('npm', ['run', 'build', '-w', 'client', '--', '--outDir', dist, '--emptyOutDir'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'development' },
      stdio: 'ignore',
    });
    server = await startAppServer({ env: { CLIENT_DIST_DIR: dist } });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  // A phone set to English, and one set to Kiswahili (served the Kiswahili page and catalogue from the first byte).
  it.each(['en-US', 'sw-KE'])('the first visit to / transfers at most 150 KB, compressed as served (%s)', async (locale) => {
    const { page, context } = await openPage(browser, { viewport: 'phone', baseURL: server.url, locale });
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const sizes = new Map<string, { url: string; bytes: number; encoding?: string }>();
      cdp.on('Network.responseReceived', (e) => {
        const header = Object.entries(e.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
        sizes.set(e.requestId, { url: new URL(e.response.url).pathname, bytes: 0, encoding: header?.[1] });
      });
      cdp.on('Network.loadingFinished', (e) => {
        const entry = sizes.get(e.requestId);
        if (entry) entry.bytes = e.encodedDataLength;
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale.slice(0, 2));
      const rows = [...sizes.values()];
      const total = rows.reduce((sum, r) => sum + r.bytes, 0);
      console.log(
        `first visit to / (${locale}): ${(total / 1024).toFixed(1)} KB transferred`,
        rows.map((r) => `${r.url} ${r.bytes} ${r.encoding ?? ''}`),
      );
      expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
      // Every built script and stylesheet worth compressing (the build leaves files under 512 bytes) travelled compressed.
      const assets = rows.filter((r) => /^\/assets\/.*\.(js|css)$/.test(r.url) && statSync(path.join(dist, r.url)).size >= 512);
      expect(assets.length).toBeGreaterThan(0);
      for (const a of assets) expect(a.encoding, a.url).toBe('br');
    } finally {
      await context.close();
    }
  });

  it("ships React's production runtime, and heavy or page-specific code stays out of the first load", () => {
    const files = initialScripts(dist);
    expect(files.length).toBeGreaterThan(0);
    const source = files.map((f) => readFileSync(path.join(dist, f.replace(/^\//, '')), 'utf8')).join('\n');
    // React's development runtime carries its warnings: "Invalid hook call", the unique "key" prop.
    expect(source).not.toMatch(/Invalid hook call|unique "key" prop/);
    expect(source).not.toMatch(/usage-bar/);
    expect(source).not.toMatch(/Simulate PayPal approval/);
    expect(source).not.toMatch(/Search your lines\.\.\./);
    expect(source).not.toMatch(/engine\.io/i);
  });
});

describe('no request waterfall on /generate', () => {
  const app = useAppInBrowser();

  it('health and usage are both asked for before either answers', async () => {
    const { page, context } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await page.goto('/');
      const events: string[] = [];
      const name = (r: Request) => new URL(r.url()).pathname;
      page.on('request', (r) => {
        if (['/api/health', '/api/users/usage'].includes(name(r))) events.push(`start ${name(r)}`);
      });
      // Hold both answers until both requests have been sent: a waterfall would never send the second.
      let release!: () => void;
      const bothSent = new Promise<void>((resolve) => (release = resolve));
      let sent = 0;
      await page.route(/\/api\/(health|users\/usage)$/, async (route) => {
        if (++sent === 2) release();
        await Promise.race([bothSent, new Promise((r) => setTimeout(r, 10_000))]);
        events.push(`answer ${new URL(route.request().url()).pathname}`);
        await route.continue();
      });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Generate' }).click();
      await page.getByTestId('usage-remaining').waitFor();
      await page.getByTestId('backend-status').and(page.locator('[data-status="offline"]')).waitFor();
      expect(events.slice(0, 2).sort()).toEqual(['start /api/health', 'start /api/users/usage']);
    } finally {
      await context.close();
    }
  });
});
