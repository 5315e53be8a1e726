import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/process';

/**
 * One feature, one folder per workspace: the table in CONTRIBUTING.md ("Feature folders") names each
 * feature's folder in core, api, worker and the client, and the words its files' names start with.
 * A file so named lives in one of its feature's folders; every top-level folder of a workspace is a
 * feature's or shared machinery. The table is read here, so it cannot drift from what is checked.
 */

/** Top-level folders that are shared machinery, not a feature (CONTRIBUTING lists the same). */
const SHARED: Record<string, string[]> = {
  'core/src': ['platform', 'contract'],
  'api/src': ['common', 'http', 'middleware', 'openapi', 'admin', 'socket', 'observability', 'routes'],
  'worker/src': ['email', 'processors'],
  'client/src': ['features', 'platform', 'ui', 'test', 'locales'],
  'client/src/features': [],
};

/** Files named with a feature's word that belong elsewhere, each for its reason. */
const EXCEPTIONS: Record<string, string> = {
  'client/src/platform/session.ts': "the API client's token store, which every feature's calls use",
  'client/src/platform/offline-library.ts': "the device's stored copies of the library, which the session clears on sign-out",
  'client/src/features/api-keys/WebhooksTab.tsx': "a tab of the API docs page (it shows the webhooks feature's panel)",
  'client/src/features/api-keys/McpTab.tsx': 'a tab of the API docs page',
  'worker/src/webhooks/generation-completed.event.ts': 'the webhook event named by its type, generation.completed',
  'worker/src/lines/campaign-brief.ts':
    "how the writers place a line in its campaign day (prompt and offline leads): generation's own step",
  'worker/src/lines/campaign-brief.test.ts': 'the test of campaign-brief.ts, beside it',
};

interface Feature {
  name: string;
  folders: string[];
  words: string[];
}

/** The "Feature folders" table of CONTRIBUTING.md. */
function readFeatureTable(markdown: string): Feature[] {
  const rows = markdown.split('\n').filter((l) => l.startsWith('| '));
  const header = rows.findIndex((l) => /^\| Feature \| core \| api \| worker \| client \|/.test(l));
  if (header < 0) throw new Error('CONTRIBUTING.md has no "| Feature | core | api | worker | client |" table');
  const features: Feature[] = [];
  for (const row of rows.slice(header + 1)) {
    const cells = row
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length !== 6) break;
    const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    features.push({
      name: cells[0]!,
      folders: cells
        .slice(1, 5)
        .flatMap(ticked)
        .map((f) => f.replace(/\/$/, '')),
      words: ticked(cells[5]!),
    });
  }
  return features;
}

/** A file name's words: `PayPalOrderButtons.tsx` → pay, pal, order, buttons; `api-keys.routes.ts` → api, keys, routes. */
function nameWords(file: string): string[] {
  const base = path.posix.basename(file).replace(/\..*$/, '');
  return base
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[-_]+/)
    .filter(Boolean);
}

/** Whether a file's name starts with `word` (its first words, joined with or without hyphens). */
function startsWithWord(file: string, word: string): boolean {
  const words = nameWords(file);
  for (let n = 1; n <= Math.min(3, words.length); n++) {
    const first = words.slice(0, n);
    if (first.join('') === word || first.join('-') === word) return true;
  }
  return false;
}

const inside = (file: string, folder: string) => file.startsWith(`${folder}/`);

/** Every file named with a feature's word that lives outside that feature's folders. */
function misplacedFiles(features: Feature[], files: string[], exceptions: Record<string, string> = {}): string[] {
  const out: string[] = [];
  for (const file of files) {
    if (exceptions[file]) continue;
    for (const feature of features) {
      if (!feature.words.some((w) => startsWithWord(file, w))) continue;
      if (!feature.folders.some((f) => inside(file, f)))
        out.push(`${file} is named for ${feature.name} but lives outside ${feature.folders.join(', ')}`);
    }
  }
  return out;
}

/** Top-level folders of the workspaces that are neither a feature's nor shared. */
function strayFolders(features: Feature[], folders: string[]): string[] {
  const known = new Set(features.flatMap((f) => f.folders));
  return folders.filter((folder) => {
    const parent = path.posix.dirname(folder);
    return !known.has(folder) && !SHARED[parent]?.includes(path.posix.basename(folder));
  });
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'migrations') continue;
      out.push(...filesUnder(rel));
    } else if (/\.(ts|tsx)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const topFolders = (dir: string) =>
  readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${dir}/${e.name}`);

describe('feature folders', () => {
  const features = readFeatureTable(readFileSync(path.join(REPO_ROOT, 'CONTRIBUTING.md'), 'utf8'));
  const files = ['core/src', 'api/src', 'worker/src', 'client/src'].flatMap(filesUnder);

  it('the table lists every feature, with folders that exist', () => {
    expect(features.map((f) => f.name)).toEqual(
      expect.arrayContaining(['accounts', 'billing', 'teams', 'brands', 'lines', 'library', 'campaigns', 'webhooks', 'photo']),
    );
    for (const f of features) {
      expect(f.words.length, f.name).toBeGreaterThan(0);
      for (const folder of f.folders) expect(statSync(path.join(REPO_ROOT, folder)).isDirectory(), folder).toBe(true);
    }
  });

  it("every top-level folder of a workspace is a feature's or shared machinery", () => {
    const folders = Object.keys(SHARED)
      .flatMap(topFolders)
      .filter((f) => f !== 'client/src/features');
    expect(strayFolders(features, folders)).toEqual([]);
  });

  it("every file named for a feature lives in that feature's folders", () => {
    expect(misplacedFiles(features, files, EXCEPTIONS)).toEqual([]);
    for (const file of Object.keys(EXCEPTIONS)) expect(files, `${file} is no longer there: drop its exception`).toContain(file);
  });

  it('catches a feature file in the wrong place, and a folder no one owns', () => {
    const planted = [
      'api/src/teams/billing-notes.ts',
      'client/src/features/library/PayPalBadge.tsx',
      'core/src/platform/team-rules.ts',
      'worker/src/billing/paypal.ts',
    ];
    expect(misplacedFiles(features, planted)).toEqual([
      expect.stringContaining('api/src/teams/billing-notes.ts is named for billing'),
      expect.stringContaining('client/src/features/library/PayPalBadge.tsx is named for billing'),
      expect.stringContaining('core/src/platform/team-rules.ts is named for teams'),
    ]);
    expect(strayFolders(features, ['core/src/payments', 'api/src/teams', 'worker/src/email'])).toEqual(['core/src/payments']);
  });
});
