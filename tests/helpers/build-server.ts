import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Vitest global setup: the multi-process tests run the compiled entries (server/dist). The build
 * skips itself when server/dist was built from exactly the sources there now (a fifth of a second).
 */
export default function setup(): void {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'server/build.mjs')], { cwd: REPO_ROOT, stdio: 'inherit' });
}
