/**
 * `tsx bench/heap-summary.ts <file.heapsnapshot>`: what a V8 heap snapshot holds, by constructor
 * (self size, the top 25) and the total, so the README can say what a process's heap is made of.
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: tsx bench/heap-summary.ts <file.heapsnapshot>');
const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const fields = snap.snapshot.meta.node_fields;
const types = snap.snapshot.meta.node_types[0];
const width = fields.length;
const at = { type: fields.indexOf('type'), name: fields.indexOf('name'), size: fields.indexOf('self_size') };
const groups = new Map<string, { count: number; bytes: number }>();
let total = 0;
for (let i = 0; i < snap.nodes.length; i += width) {
  const type = types[snap.nodes[i + at.type]!]!;
  const size = snap.nodes[i + at.size]!;
  total += size;
  // Objects by constructor; strings, code, arrays and the rest by their kind.
  const key = type === 'object' || type === 'closure' ? `${type} ${snap.strings[snap.nodes[i + at.name]!]}` : `(${type})`;
  const g = groups.get(key) ?? { count: 0, bytes: 0 };
  g.count++;
  g.bytes += size;
  groups.set(key, g);
}
const mb = (b: number) => Number((b / 1024 / 1024).toFixed(2));
console.log(`${file}: ${mb(total)} MB in ${snap.nodes.length / width} objects`);
console.table(
  [...groups.entries()]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, 25)
    .map(([what, g]) => ({ what, count: g.count, MB: mb(g.bytes) })),
);

// The largest strings: module source text, source maps, caches.
const largest: Array<{ bytes: number; text: string }> = [];
for (let i = 0; i < snap.nodes.length; i += width) {
  const type = types[snap.nodes[i + at.type]!]!;
  if (type !== 'string') continue;
  const size = snap.nodes[i + at.size]!;
  if (size < 100_000) continue;
  largest.push({ bytes: size, text: snap.strings[snap.nodes[i + at.name]!]!.slice(0, 90).replace(/\s+/g, ' ') });
}
const over100k = largest.reduce((a, s) => a + s.bytes, 0);
console.log(`strings over 100 kB: ${largest.length}, ${mb(over100k)} MB`);
console.table(
  largest
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 12)
    .map((s) => ({ MB: mb(s.bytes), starts: s.text })),
);
