/**
 * `npm start`: builds the client and the server when their sources changed since their last build
 * (scripts/inputs-stamp.mjs), then runs the launcher (api + worker in one process) as a child process
 * with the node flags and the environment that keep it small: the ones the Docker images, start:api /
 * start:worker and the benches use (LAUNCHER_NODE_ARGS, LAUNCHER_ENV below). An environment variable
 * such as MALLOC_MMAP_THRESHOLD_ is read by the C library when a process starts, so it has to be set
 * before the launcher's node starts: hence the child, on Linux, macOS and Windows alike, instead of a
 * shell-specific `VAR=value node …` in package.json.
 *
 * This small process stays as the child's parent (a few MB of its own: the node binary's pages are
 * shared with the child) and passes on what a parent must: SIGTERM, SIGINT and SIGHUP go to the
 * child (which shuts down gracefully, once, whatever number of signals it gets); when the child ends
 * this process ends with the same exit code, or by the same signal, so nothing is left behind.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { clientStamp, root, serverStamp } from './inputs-stamp.mjs';

/** The launcher's node flags (change them with the images', start:api/start:worker's and PROCESS_NODE_ARGS in tests/helpers/process.ts). */
export const LAUNCHER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8', '--heap-growing-percent=50'];
/** The allocator setting of the images and benches: blocks of 128 KB and more come from mmap and go back to the OS when freed. */
export const LAUNCHER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

for (const [stamp, script] of [
  [clientStamp(), 'client/build/cached-build.mjs'],
  [serverStamp(), 'server/build.mjs'],
]) {
  if (stamp.current()) continue;
  const build = spawnSync(process.execPath, [path.join(root, script)], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// What the person set wins (their own MALLOC_MMAP_THRESHOLD_, NODE_OPTIONS and the rest pass through).
const env = { ...LAUNCHER_ENV, ...process.env };
const child = spawn(process.execPath, [...LAUNCHER_NODE_ARGS, path.join(root, 'server/dist/launcher.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});

const windows = process.platform === 'win32';
const forward = (signal) => {
  // Windows has no signals: Ctrl+C / Ctrl+Break reach every process of the console, the child
  // included, which shuts down by itself; "killing" it from here would end it abruptly instead.
  if (windows && (signal === 'SIGINT' || signal === 'SIGBREAK')) return;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
const signals = windows ? ['SIGINT', 'SIGBREAK', 'SIGTERM'] : ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of signals) process.on(signal, () => forward(signal));

child.on('error', (err) => {
  console.error(`Genius Lines could not start: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // End the way the child ended (a shell reads 128 + n), without our handler catching it again.
    for (const s of signals) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
