/**
 * Compiles the server for production: each entry of server/src (the launcher, the api-only and
 * worker-only entries, the CLI scripts) becomes an ES module in server/dist with a source map.
 * Our own workspaces (@gl/*) are bundled; npm packages stay external imports resolved from
 * node_modules at run time. Code splitting keeps `import()` lazy: each role is a chunk of its own,
 * so a worker-only process never loads the api's code. The development simulators stay external
 * (and are compiled to simulators/dist) so production images can leave them out.
 *
 * The compiled code finds its files at the same relative places as the sources do:
 * server/dist/migrations (copied here) and ../../client/dist.
 * Type-checking is `npm run typecheck`; `npm run build` runs both.
 *
 * `--entries main-worker --outdir <dir>` builds only those entries (the Docker images: the worker's
 * build then holds none of the api's code) and leaves the simulators out.
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);

/** Bundle @gl/* workspaces, keep every npm package (and the dev-only simulators) external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@gl/') && !args.path.startsWith('@gl/simulators')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
};

const ENTRIES = {
  launcher: 'launcher',
  'main-api': 'main-api',
  'main-worker': 'main-worker',
  'grant-admin': 'cli/grant-admin',
  'paypal-sync': 'cli/paypal-sync',
};
const { values: args } = parseArgs({ options: { entries: { type: 'string' }, outdir: { type: 'string' } } });
const entries = args.entries ? args.entries.split(',') : Object.keys(ENTRIES);
const unknown = entries.filter((e) => !(e in ENTRIES));
if (unknown.length) throw new Error(`Unknown entries: ${unknown.join(', ')} (known: ${Object.keys(ENTRIES).join(', ')})`);
const outdir = path.resolve(args.outdir ?? at('server/dist'));
const full = !args.entries;

rmSync(outdir, { recursive: true, force: true });

const result = await build({
  ...common,
  entryPoints: entries.map((e) => at(`server/src/${ENTRIES[e]}.ts`)),
  // All output in one folder, so import.meta.url-relative paths are the same from every chunk.
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  outdir,
  splitting: true,
  metafile: true,
});
cpSync(at('core/src/server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));

if (full) {
  rmSync(at('simulators/dist'), { recursive: true, force: true });
  await build({ ...common, entryPoints: [at('simulators/src/index.ts')], outfile: at('simulators/dist/index.js') });
}

const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
console.log(
  `${path.relative(root, outdir) || outdir}: ${files.length} modules built with source maps (run with node --enable-source-maps)`,
);
