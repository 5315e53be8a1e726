/**
 * The layer rules in .dependency-cruiser.cjs (run by `npm run lint`) catch what they are for: each
 * planted import below breaks one rule in a scratch copy of the layout, and dependency-cruiser names
 * that rule. Type-only imports count too (the cycle is made of two `import type`).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gl-depcruise-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function plant(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}

function cruise(): string {
  try {
    return execFileSync(join(ROOT, 'node_modules/.bin/depcruise'), ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? '');
  }
}

describe('dependency rules', () => {
  cpSync(join(ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  plant({
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } }),
    'core/src/index.ts': 'export const a = 1;\n',
    'core/src/types.ts': 'export type A = 1;\n',
    'core/src/server.ts': "import { b } from '../../api/src/app';\nexport const s = b;\n",
    'core/src/lines/index.ts': "export * from './rules';\n",
    'core/src/lines/rules.ts': 'export const r = 1;\n',
    'core/src/teams/teams.repository.ts': "import { r } from '../lines/rules';\nexport const t = r;\n",
    'core/src/teams/server.ts': "export * from './teams.repository';\n",
    'core/src/teams/teams.schema.ts': 'export const teams = 1;\n',
    'core/src/billing/plan.sql.ts': "import { t } from '../teams/server';\nexport const owner = t;\n",
    'client/src/page.ts': "import { s } from '../../core/src/server';\nexport const p = s;\n",
    'api/src/app.ts': "import { w } from '../../worker/src/worker';\nexport const b = w;\n",
    'worker/src/worker.ts': "import { x } from '../../api/src/other';\nexport const w = x;\n",
    'api/src/other.ts': "import { sim } from '../../simulators/src/index';\nexport const x = sim;\n",
    'simulators/src/index.ts': 'export const sim = 1;\n',
    'api/src/cycle-a.ts': "import type { B } from './cycle-b';\nexport type A = { b?: B };\n",
    'api/src/cycle-b.ts': "import type { A } from './cycle-a';\nexport type B = { a?: A };\n",
  });
  const report = cruise();

  it.each([
    ['no-cycle', 'api/src/cycle-a.ts'],
    ['client-only-core-contract', 'client/src/page.ts → core/src/server.ts'],
    ['api-not-worker', 'api/src/app.ts → worker/src/worker.ts'],
    ['worker-not-api', 'worker/src/worker.ts → api/src/other.ts'],
    ['core-no-workspace', 'core/src/server.ts → api/src/app.ts'],
    ['simulators-only-sandbox-and-tests', 'api/src/other.ts → simulators/src/index.ts'],
    ['core-feature-through-entry', 'core/src/teams/teams.repository.ts → core/src/lines/rules.ts'],
    ['core-table-entries-stay-leaves', 'core/src/billing/plan.sql.ts → core/src/teams/server.ts'],
  ])('reports %s', (rule, where) => {
    const line = report.split('\n').find((l) => l.includes(`${rule}:`) && l.includes(where.split(' → ')[0]!));
    expect(line, report).toBeDefined();
    expect(line, 'every rule is an error, so `npm run lint` fails on it').toMatch(/^\s*error /);
    if (where.includes(' → ')) expect(line).toContain(where);
  });

  it('reports nothing for imports that keep the rules', () => {
    rmSync(join(dir, 'api/src/cycle-b.ts'));
    plant({
      'api/src/cycle-a.ts': 'export type A = 1;\n',
      'core/src/server.ts': 'export const s = 1;\n',
      'core/src/teams/teams.repository.ts': "import { r } from '../lines';\nexport const t = r;\n",
      // A feature's table-level files are entries too: a schema's foreign key, an embedded SQL condition.
      'core/src/billing/plan.sql.ts': "import { teams } from '../teams/teams.schema';\nexport const owner = teams;\n",
      'core/src/brands/brands.repository.ts': "import { owner } from '../billing/plan.sql';\nexport const b = owner;\n",
      'client/src/page.ts': "import { a } from '../../core/src/index';\nexport const p = a;\n",
      'api/src/app.ts': "import { s } from '../../core/src/server';\nexport const b = s;\n",
      'worker/src/worker.ts': "import { s } from '../../core/src/server';\nexport const w = s;\n",
      'api/src/other.ts': 'export const x = 1;\n',
      'tests/helpers/payments.ts': "import { sim } from '../../simulators/src/index';\nexport const t = sim;\n",
    });
    expect(cruise()).toContain('no dependency violations found');
  });
});
