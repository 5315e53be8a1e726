/**
 * `npm start`: builds the client and the server when their sources changed since their last build
 * (scripts/inputs-stamp.mjs), then runs the launcher in this same process, so an unchanged checkout
 * pays for one node start-up, not four. package.json gives this process the launcher's node flags.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { clientStamp, root, serverStamp } from './inputs-stamp.mjs';

for (const [stamp, script] of [
  [clientStamp(), 'client/build/cached-build.mjs'],
  [serverStamp(), 'server/build.mjs'],
]) {
  if (stamp.current()) continue;
  const build = spawnSync(process.execPath, [path.join(root, script)], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../server/dist/launcher.js');
