import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SOURCES = ['core/src', 'api/src', 'worker/src', 'server/src', 'simulators/src', 'server/build.mjs'];

function newestMtime(p: string): number {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

/**
 * Vitest global setup: the multi-process tests run the compiled entries (server/dist), so they are
 * rebuilt here when any server source is newer than the last build (esbuild takes well under a second).
 */
export default function setup(): void {
  const marker = path.join(REPO_ROOT, 'server/dist/meta.json');
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  if (SOURCES.some((s) => newestMtime(path.join(REPO_ROOT, s)) > built)) {
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'server/build.mjs')], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
}
