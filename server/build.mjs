/**
 * Compiles the server for production: each entry of server/src (the launcher, the api-only and
 * worker-only entries, the CLI scripts) becomes an ES module in server/dist with a source map.
 * Our own workspaces (@gl/*) and npm packages are bundled (a few that read files next to their own
 * code stay external, RUNTIME_EXTERNAL below): node then loads a few large files instead of hundreds
 * of small ones, which took a second of every start. Code splitting keeps `import()` lazy: each role is a chunk of its own,
 * so a worker-only process never loads the api's code. The development simulators stay external
 * (and are compiled to simulators/dist) so production images can leave them out.
 *
 * The compiled code finds its files at the same relative places as the sources do:
 * server/dist/migrations (copied here) and ../../client/dist.
 * Type-checking is `npm run typecheck`; `npm run build` runs both.
 *
 * The full build is skipped when server/dist was built from exactly the sources there now
 * (scripts/inputs-stamp.mjs), so `npm start` on an unchanged checkout starts at once.
 * `--entries main-worker --outdir <dir>` builds only those entries, always (the Docker images: the
 * worker's build then holds none of the api's code) and leaves the simulators out.
 */
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serverStamp } from '../scripts/inputs-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);

/**
 * npm packages that stay outside the bundle, imported from node_modules at run time: each one
 * reads files next to its own code (argon2's and sharp's native binaries, PGlite's WebAssembly and data files,
 * bull-board's UI, pino's worker-thread transports) or is an optional native add-on that may be
 * absent. Everything else (express, socket.io, bullmq, drizzle, zod, openai, …) is bundled.
 */
const RUNTIME_EXTERNAL = [
  'argon2',
  '@electric-sql/pglite',
  '@bull-board/api',
  '@bull-board/express',
  '@bull-board/ui',
  'pino',
  'pino-http',
  'pg-native',
  'msgpackr-extract',
  'bufferutil',
  'utf-8-validate',
  // libvips's native binary (an @img/sharp-<platform> package beside it), which reads photo uploads.
  'sharp',
  // OpenTelemetry: imported only when OTEL_EXPORTER_OTLP_ENDPOINT is set (core/src/platform/tracing.ts);
  // the SDK's exporters load protobuf and gRPC code that has no place in a bundle nobody runs when off.
  '@opentelemetry/api',
  '@opentelemetry/sdk-node',
];
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** Bundle our workspaces and npm packages; keep RUNTIME_EXTERNAL (and the dev-only simulators) outside. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@gl/simulators') || RUNTIME_EXTERNAL.includes(packageName(args.path))) {
        return { path: args.path, external: true };
      }
      return undefined;
    });
  },
};

/**
 * Bundled CommonJS packages call require() for node's own modules and may read __dirname; in an ES
 * module output those need a real require, made from the module's URL, and the chunk's own folder
 * (ioredis, for one, reads its version through __dirname and names it in its friendly error stacks).
 */
const commonJsShim = [
  "import { createRequire as __glCreateRequire } from 'node:module';",
  "import { dirname as __glDirname } from 'node:path';",
  "import { fileURLToPath as __glFileURLToPath } from 'node:url';",
  'const require = __glCreateRequire(import.meta.url);',
  'const __filename = __glFileURLToPath(import.meta.url);',
  'const __dirname = __glDirname(__filename);',
].join(' ');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  banner: { js: commonJsShim },
  // V8 keeps every module's source text in the heap for as long as the process lives (lazy compilation,
  // Function.prototype.toString): the bundled packages' comments and indentation were most of it,
  // and a single non-Latin-1 character in a comment (a curly quote) makes V8 store the whole chunk at
  // two bytes a character: 21 MB of the one process's 70 MB heap. Without whitespace and comments
  // (licence comments stay in node_modules) the same code is ASCII and about half the size.
  // Names and syntax are kept: our frames map to .ts lines through the source maps as before.
  legalComments: 'none',
  minifyWhitespace: true,
};

const ENTRIES = {
  launcher: 'launcher',
  'main-api': 'main-api',
  'main-worker': 'main-worker',
  'grant-admin': 'cli/grant-admin',
  'paypal-sync': 'cli/paypal-sync',
  migrate: 'cli/migrate',
};
const { values: args } = parseArgs({ options: { entries: { type: 'string' }, outdir: { type: 'string' } } });
const entries = args.entries ? args.entries.split(',') : Object.keys(ENTRIES);
const unknown = entries.filter((e) => !(e in ENTRIES));
if (unknown.length) throw new Error(`Unknown entries: ${unknown.join(', ')} (known: ${Object.keys(ENTRIES).join(', ')})`);
const outdir = path.resolve(args.outdir ?? at('server/dist'));
const full = !args.entries && !args.outdir;
const stamp = full ? serverStamp() : undefined;
if (stamp?.current()) {
  console.log('server/dist is up to date with its sources: not rebuilt');
  process.exit(0);
}

// Loaded only when there is something to build: the up-to-date check stays quick.
const { build } = await import('esbuild');
const { decode, encode } = await import('@jridgewell/sourcemap-codec');
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
cpSync(at('core/src/platform/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));

if (full) {
  rmSync(at('simulators/dist'), { recursive: true, force: true });
  await build({ ...common, entryPoints: [at('simulators/src/index.ts')], outfile: at('simulators/dist/index.js') });
}

/**
 * Source maps for our code only. Node decodes every map of every module it loads when
 * --enable-source-maps is on, and the bundled packages' mappings made start-up 0.6–0.9 s slower
 * (measured: 3.4–4.1 s to health instead of 2.7–2.8 s). Stack frames in our code still name .ts
 * lines; a frame inside a package names the bundle's line.
 */
function ourMappingsOnly(dir) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js.map'))) {
    const at = path.join(dir, file);
    const map = JSON.parse(readFileSync(at, 'utf8'));
    const vendor = map.sources.map((s) => s.includes('node_modules/'));
    if (map.sourcesContent) map.sourcesContent = map.sourcesContent.map((c, i) => (vendor[i] ? null : c));
    map.mappings = encode(decode(map.mappings).map((line) => line.filter((seg) => seg.length === 1 || !vendor[seg[1]])));
    writeFileSync(at, JSON.stringify(map));
  }
}
/**
 * V8 holds a module's source at one byte a character only when every character is Latin-1. esbuild
 * escapes non-ASCII characters in strings and identifiers but leaves them in regular expression
 * literals (Kiswahili punctuation in our line rules, full-width signs and dashes in bundled packages),
 * and one such character made V8 keep its whole 2.3–2.7 MB chunk at two bytes a character (about
 * 5 MB more heap for the two chunks). Each one becomes its `\uXXXX` escape (the same character in a
 * regular expression, with or without the u flag, inside or outside a class), and the source map's
 * columns after it on that line move with it.
 */
function latin1Only(dir) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const at = path.join(dir, file);
    const code = readFileSync(at, 'utf8');
    if (!/[\u0100-\uffff]/.test(code)) continue;
    const lines = code.split('\n');
    /** Per line, the columns (UTF-16 units, as the source map counts) of the characters escaped. */
    const moved = lines.map(() => []);
    const escaped = lines.map((line, n) =>
      line.replace(/[\u0100-\uffff]/g, (ch, col) => {
        // An identity escape (`\–`) would need its backslash dropped: not seen so far, so refuse rather than guess.
        if (/(^|[^\\])(\\\\)*\\$/.test(line.slice(Math.max(0, col - 16), col))) {
          throw new Error(`${file}:${n + 1}:${col}: a backslash before U+${ch.charCodeAt(0).toString(16)}; escape it in the source`);
        }
        moved[n].push(col);
        return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
      }),
    );
    writeFileSync(at, escaped.join('\n'));
    const mapFile = `${at}.map`;
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const shift = (n, col) => col + 5 * moved[n].filter((c) => c < col).length;
    map.mappings = encode(decode(map.mappings).map((segs, n) => segs.map(([col, ...rest]) => [shift(n, col), ...rest])));
    writeFileSync(mapFile, JSON.stringify(map));
  }
}

latin1Only(outdir);
ourMappingsOnly(outdir);
if (full) {
  latin1Only(at('simulators/dist'));
  ourMappingsOnly(at('simulators/dist'));
}
stamp?.record();

const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
console.log(
  `${path.relative(root, outdir) || outdir}: ${files.length} modules built with source maps (run with node --enable-source-maps)`,
);
