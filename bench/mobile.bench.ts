/**
 * npm run bench:mobile
 *
 * A phone on a slow network, as issue 17 defines it: Debian's Chromium at 390×844, 400 ms latency and
 * 400 kbit/s each way (CDP network emulation), the CPU slowed 4×. Starts `npm start` (which builds the
 * client the way production serves it) on a free port with its own PGlite directory and Redis prefix,
 * then loads /, /generate and /pricing twice each in a fresh browser context (first visit, then a
 * repeat visit with the HTTP cache and service worker of the first), once with the phone set to
 * English (en-US) and once to Kiswahili (sw-KE, which the server answers with the Kiswahili pages),
 * and prints the language the page was served in, transferred KB, first contentful paint, the time
 * the page's heading is visible, largest contentful paint and load.
 * A repeat visit is what a person sees when they come back: the first visit's service worker has
 * finished installing (its precache downloaded), so the bench waits for that (up to 3 minutes)
 * before the second load and prints whether the repeat visit was served under it.
 *
 * BENCH_URL=http://host:port measures a server that is already running instead; BENCH_PAGES (comma-separated
 * paths) measures other pages, e.g. a client approval link `/approve/<token>,/sw/approve/<token>`.
 * CHROMIUM_PATH defaults to /usr/bin/chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** `BENCH_PAGES=/,/approve/<token>` measures other pages (a client approval link: create one first, DESIGN.md §21). */
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',').filter(Boolean) : ['/', '/generate', '/pricing'];
/** The phone's language (navigator.languages and Accept-Language): each interface language once. */
const LOCALES = ['en-US', 'sw-KE'] as const;
const PROFILE = { latencyMs: 400, bytesPerSecond: (400 * 1000) / 8, cpuSlowdown: 4, viewport: { width: 390, height: 844 } };

interface Figures {
  page: string;
  /** The phone's locale, and the `<html lang>` the page came with. */
  locale: string;
  lang: string;
  visit: 'first' | 'repeat';
  /** Whether a service worker controlled the page. */
  sw: boolean;
  transferredKB: number;
  fcpMs: number | null;
  headingMs: number | null;
  lcpMs: number | null;
  loadMs: number | null;
}

/** Records, inside the page, when an h1 with text first has a box (checked every animation frame). */
const HEADING_PROBE = `(() => {
  const check = () => {
    const h = document.querySelector('main h1, h1');
    if (h && h.textContent && h.textContent.trim() && h.getBoundingClientRect().height > 0) {
      window.__headingAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  window.__lcp = null;
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    window.__lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

/** What the probe and the Performance API give inside the page (this workspace has no DOM types). */
interface ProbeGlobals {
  __headingAt?: number;
  __lcp: number | null;
  document: { documentElement: { lang: string } };
  navigator: { serviceWorker?: { ready: Promise<unknown>; controller: unknown; getRegistration(): Promise<unknown> } };
  setTimeout(fn: () => void, ms: number): number;
  performance: {
    getEntriesByName(name: string): Array<{ startTime: number }>;
    getEntriesByType(type: 'navigation'): Array<{ loadEventEnd: number }>;
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(): Promise<{ url: string; child: ChildProcess; cleanup: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gl-bench-mobile-'));
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      REDIS_PREFIX: `bench-mobile-${process.pid}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/running: (http:\/\/\S+)/);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out.slice(-2000)}`)));
  });
  return {
    url,
    child,
    cleanup: () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.bytesPerSecond,
    uploadThroughput: PROFILE.bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
}

async function visit(context: BrowserContext, url: string, pagePath: string, kind: Figures['visit'], locale: string): Promise<Figures> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength));
  await page.goto(url + pagePath, { waitUntil: 'load', timeout: 120_000 });
  // Let the page settle (late chunks, LCP candidates) before reading the figures.
  await page
    .waitForFunction(() => (globalThis as unknown as ProbeGlobals).__headingAt !== undefined, null, { timeout: 60_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  if (kind === 'first') {
    // The person comes back later: by then the service worker has installed and precached the app.
    // (`ready` resolves once a worker is active, which is after its install step has precached.)
    await page
      .evaluate(() => {
        const w = globalThis as unknown as ProbeGlobals;
        const sw = w.navigator.serviceWorker;
        if (!sw) return false;
        // A page that registers no service worker (the client approval page) has none to wait for.
        return sw
          .getRegistration()
          .then((reg) =>
            reg ? Promise.race([sw.ready.then(() => true), new Promise<boolean>((r) => w.setTimeout(() => r(false), 180_000))]) : false,
          );
      })
      .catch(() => false);
  }
  const timings = await page.evaluate(() => {
    const w = globalThis as unknown as ProbeGlobals;
    const fcp = w.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const nav = w.performance.getEntriesByType('navigation')[0];
    return {
      fcp,
      heading: w.__headingAt ?? null,
      lcp: w.__lcp,
      load: nav ? nav.loadEventEnd : null,
      sw: Boolean(w.navigator.serviceWorker?.controller),
      lang: w.document.documentElement.lang,
    };
  });
  await cdp.detach();
  await page.close();
  const ms = (v: number | null) => (v === null ? null : Math.round(v));
  return {
    page: pagePath,
    locale,
    lang: timings.lang,
    visit: kind,
    sw: timings.sw,
    transferredKB: Math.round(bytes / 102.4) / 10,
    fcpMs: ms(timings.fcp),
    headingMs: ms(timings.heading),
    lcpMs: ms(timings.lcp),
    loadMs: ms(timings.load),
  };
}

async function measure(browser: Browser, url: string): Promise<Figures[]> {
  const rows: Figures[] = [];
  for (const locale of LOCALES) {
    for (const pagePath of PAGES) {
      const context = await browser.newContext({
        viewport: PROFILE.viewport,
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 3,
        locale,
      });
      await context.addInitScript(HEADING_PROBE);
      rows.push(await visit(context, url, pagePath, 'first', locale));
      rows.push(await visit(context, url, pagePath, 'repeat', locale));
      await context.close();
    }
  }
  return rows;
}

const server = process.env.BENCH_URL ? null : await startServer();
const url = process.env.BENCH_URL ?? server!.url;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
});
try {
  console.log(`bench:mobile against ${url}: 390×844, 400 ms latency, 400 kbit/s each way, CPU 4× slower\n`);
  const rows = await measure(browser, url);
  const s = (v: number | null) => (v === null ? '–' : `${(v / 1000).toFixed(2)} s`);
  console.log('| phone | page | lang | visit | service worker | transferred | FCP | heading visible | LCP | load |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.locale} | ${r.page} | ${r.lang} | ${r.visit} | ${r.sw ? 'yes' : 'no'} | ${r.transferredKB} KB | ${s(r.fcpMs)} | ${s(r.headingMs)} | ${s(r.lcpMs)} | ${s(r.loadMs)} |`,
    );
  }
} finally {
  await browser.close();
  server?.cleanup();
}
