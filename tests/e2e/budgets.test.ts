import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/process';
import { useAppInBrowser } from './helpers/app';
import { openPage } from './helpers/browser';

const DIST = path.join(REPO_ROOT, 'client', 'dist');
const BUDGET_BYTES = 150 * 1024;

/** The scripts / loads before any route chunk: the entry module and its modulepreloads. */
function initialScripts(): string[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  const classic = [...html.matchAll(/<script(?![^>]*type="module")[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set([...entry, ...preloads, ...classic])];
}

describe('budgets', () => {
  it('initial JavaScript for / is under 150 KB gzipped, and routes are split out of it', () => {
    const files = initialScripts();
    expect(files.length).toBeGreaterThan(0);
    let total = 0;
    const sizes: Record<string, number> = {};
    let source = '';
    for (const f of files) {
      const content = readFileSync(path.join(DIST, f.replace(/^\//, '')));
      sizes[f] = gzipSync(content, { level: 9 }).length;
      total += sizes[f];
      source += content.toString('utf8');
    }
    console.log(`initial JS for /: ${(total / 1024).toFixed(1)} KB gzipped`, sizes);
    expect(total).toBeLessThan(BUDGET_BYTES);
    // Heavy or page-specific code stays out of the first load.
    expect(source).not.toMatch(/recharts-bar-rectangle/);
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
