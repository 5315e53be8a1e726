import { existsSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer, type TestServerOptions } from '../../helpers/server';
import { REPO_ROOT } from '../../helpers/process';

/**
 * The real product for a browser test: api + worker with the built client served from the same
 * origin. `npm test` builds the client first; run `npm run build` before running e2e alone.
 */
export async function startAppServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dist = path.join(REPO_ROOT, 'client', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('client/dist is missing: run `npm run build` first');
  return startTestServer({ ...opts, env: { CLIENT_DIST_DIR: dist, ...opts.env } });
}
