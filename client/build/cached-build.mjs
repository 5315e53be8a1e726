/**
 * `npm run build:client` (and so `npm start` and `npm test`): builds the client unless client/dist
 * was built from exactly the sources there now: every file of client/ but dist/ and node_modules/,
 * core/src (which the client imports) and package-lock.json (which pins the dependencies). See
 * scripts/inputs-stamp.mjs. An unchanged checkout starts at once instead of rebuilding (about 10 s
 * on 2 cores). `npm run build -w client` always builds.
 */
import { spawnSync } from 'node:child_process';
import { clientStamp, root } from '../../scripts/inputs-stamp.mjs';

const stamp = clientStamp();
if (stamp.current()) {
  console.log('client/dist is up to date with its sources: not rebuilt');
  process.exit(0);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = spawnSync(npm, ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
stamp.record();
