/**
 * "Built from exactly these sources?" for the client and server builds, so `npm start` and
 * `npm test` on an unchanged checkout start at once instead of building again. The inputs (files
 * and folders, relative to the repository; dist/ and node_modules/ inside them are skipped) are
 * hashed together with their paths; a successful build records the hash in a stamp file inside its
 * output, and the next run with the same hash and all its outputs present skips the build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['dist', 'node_modules']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** One build's stamp: `current()` when its outputs are up to date, else `record()` after building. */
export function inputsStamp({ inputs, stamp, outputs }) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const at = path.join(root, input);
    for (const file of statSync(at).isDirectory() ? files(at) : [at]) {
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  const want = hash.digest('hex');
  const stampFile = path.join(root, stamp);
  return {
    current: () =>
      existsSync(stampFile) &&
      readFileSync(stampFile, 'utf8').trim() === want &&
      outputs.every((output) => existsSync(path.join(root, output))),
    record: () => writeFileSync(stampFile, `${want}\n`),
  };
}

/** The client build (client/dist): its sources, core/src (which the client imports) and the lock file. */
export const clientStamp = () =>
  inputsStamp({
    inputs: ['client', 'core/src', 'package-lock.json'],
    stamp: 'client/dist/.inputs-sha256',
    outputs: ['client/dist/index.html'],
  });

/** The full server build (server/dist and simulators/dist): every server-side workspace and the build script. */
export const serverStamp = () =>
  inputsStamp({
    inputs: ['server/src', 'server/build.mjs', 'api/src', 'worker/src', 'core/src', 'simulators/src', 'scripts', 'package-lock.json'],
    stamp: 'server/dist/.inputs-sha256',
    outputs: ['server/dist/launcher.js', 'simulators/dist/index.js'],
  });
