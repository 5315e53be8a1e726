/**
 * `npm run build:client` (and so `npm start` and `npm test`): builds the client unless client/dist
 * was built from exactly the sources there now. The build's inputs (every file of client/ but dist/
 * and node_modules/, core/src, which the client imports, and package-lock.json, which pins the
 * dependencies) are hashed; a successful build records the hash in client/dist/.inputs-sha256, and
 * the next run with the same hash starts at once instead of rebuilding (about 10 s on 2 cores).
 * Any change to an input, or a missing or partial dist, builds again. `npm run build -w client`
 * always builds.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stamp = path.join(root, 'client/dist/.inputs-sha256');
const SKIP = new Set(['dist', 'node_modules']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const input of ['client', 'core/src', 'package-lock.json']) {
    const at = path.join(root, input);
    for (const file of input.endsWith('.json') ? [at] : files(at)) {
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

const want = inputsHash();
const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (have === want && existsSync(path.join(root, 'client/dist/index.html'))) {
  console.log('client/dist is up to date with its sources: not rebuilt');
  process.exit(0);
}
rmSync(stamp, { force: true });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = spawnSync(npm, ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
writeFileSync(stamp, `${want}\n`);
