/**
 * `--profile` for the benches: a V8 CPU profile of the measured part (node:inspector), written as a
 * .cpuprofile (open it in Chrome DevTools or speedscope), summarised as self time by package.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function startProfile(): Promise<() => Promise<Profile>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    session.disconnect();
    return profile;
  };
}

/** Where a function lives: an npm package, one of our workspaces, node itself, or V8. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (nm) return nm[1]!;
  const ws = /\/(core|api|worker|server|bench|tests|simulators)\/(src\/)?/.exec(url);
  return ws ? `@gl/${ws[1]}` : url;
}

export function writeProfile(profile: Profile, file: string): void {
  writeFileSync(file, JSON.stringify(profile));
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, { ms: number; fns: Map<string, number> }>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byNode.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') return;
    total += ms;
    const pkg = packageOf(url, functionName);
    const entry = self.get(pkg) ?? { ms: 0, fns: new Map() };
    const fn = `${functionName || '(anonymous)'}${url ? ` ${url.split('/').slice(-1)[0]}:${lineNumber + 1}` : ''}`;
    entry.ms += ms;
    entry.fns.set(fn, (entry.fns.get(fn) ?? 0) + ms);
    self.set(pkg, entry);
  });
  const rows = [...self.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 15)
    .map(([pkg, e]) => ({
      package: pkg,
      'self ms': Math.round(e.ms),
      share: `${((e.ms / total) * 100).toFixed(1)} %`,
      'heaviest functions': [...e.fns.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([f, ms]) => `${f} (${Math.round(ms)})`)
        .join(', '),
    }));
  console.log(`\nCPU profile written to ${file}; top 15 packages by self time (busy ${Math.round(total)} ms):`);
  console.table(rows);
}
