import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/process';

/**
 * No import cycle in our server code (core, api, worker, server): the build's meta.json (written by
 * server/build.mjs, which the integration project's global setup runs) lists every source file
 * with its static imports. A cycle is a strongly connected component of more than one file, or a
 * file importing itself. Dynamic `import()` (the lazy roles) is not a cycle: it loads on demand.
 */
interface MetaInputs {
  inputs: Record<string, { imports: Array<{ path: string; kind: string; external?: boolean }> }>;
}

function sourceGraph(): Map<string, string[]> {
  const meta = JSON.parse(readFileSync(path.join(REPO_ROOT, 'server/dist/meta.json'), 'utf8')) as MetaInputs;
  const ours = (file: string) => !file.includes('node_modules/');
  const graph = new Map<string, string[]>();
  for (const [file, { imports }] of Object.entries(meta.inputs)) {
    if (!ours(file)) continue;
    graph.set(
      file,
      imports.filter((i) => i.kind === 'import-statement' && !i.external && ours(i.path)).map((i) => i.path),
    );
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file (or a self-import). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import graph', () => {
  it('has no cycle among the server sources of core, api, worker and server', () => {
    const graph = sourceGraph();
    expect([...graph.keys()].some((f) => f.startsWith('api/src/'))).toBe(true);
    expect([...graph.keys()].some((f) => f.startsWith('worker/src/'))).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the checker itself works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
