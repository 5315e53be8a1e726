import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startPaymentsHarness, type PaymentsHarness } from '../../helpers/payments';
import { startTestServer, type TestServer, type TestServerOptions } from '../../helpers/server';
import { REPO_ROOT } from '../../helpers/process';
import { launchBrowser } from './browser';

/**
 * The real product for a browser test: api + worker with the built client served from the same
 * origin. `npm test` builds the client first; run `npm run build` before running e2e alone.
 */
export async function startAppServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dist = path.join(REPO_ROOT, 'client', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('client/dist is missing: run `npm run build` first');
  return startTestServer({ ...opts, env: { CLIENT_DIST_DIR: dist, ...opts.env } });
}

/**
 * For a test file (or describe block): the app server and a browser, started before its tests and
 * closed after them. Read `server` and `browser` inside the tests.
 */
export function useAppInBrowser(opts: TestServerOptions = {}): { readonly server: TestServer; readonly browser: Browser } {
  const app = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    app.server = await startAppServer(opts);
    app.browser = await launchBrowser();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/**
 * As `useAppInBrowser`, with the payments harness (the real server with PayPal and Daraja stubs)
 * serving the built client. Read `h` and `browser` inside the tests.
 */
export function usePaymentsInBrowser(): { readonly h: PaymentsHarness; readonly browser: Browser } {
  const app = {} as { h: PaymentsHarness; browser: Browser };
  beforeAll(async () => {
    app.h = await startPaymentsHarness({ CLIENT_DIST_DIR: path.join(REPO_ROOT, 'client', 'dist') });
    app.browser = await launchBrowser();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.h?.stop();
  });
  return app;
}

/**
 * As `useAppInBrowser`, serving a copy of the client build of its own (`dist`), so a test can
 * deploy a "new build" into it without touching client/dist.
 */
export function useAppOnOwnBuild(opts: TestServerOptions = {}): {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly dist: string;
} {
  const dist = mkdtempSync(path.join(tmpdir(), 'gl-dist-'));
  // Registered first: copies before the server starts, removes after it stops.
  beforeAll(() => cpSync(path.join(REPO_ROOT, 'client', 'dist'), dist, { recursive: true }));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const app = useAppInBrowser({ ...opts, env: { CLIENT_DIST_DIR: dist, ...opts.env } });
  return {
    get server() {
      return app.server;
    },
    get browser() {
      return app.browser;
    },
    dist,
  };
}
