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
    // Features inside api, worker and client: only through their entries.
    'api/src/lines/generation.service.ts': 'export const g = 1;\n',
    'api/src/lines/index.ts': "export * from './generation.service';\n",
    'api/src/lines/lines.routes.ts': 'export const lr = 1;\n',
    'api/src/photo/photo.service.ts': "import { g } from '../lines/generation.service';\nexport const ph = g;\n",
    'api/src/routes/resources.ts': "import { g } from '../lines/generation.service';\nexport const res = g;\n",
    'worker/src/lines/provider-chain.ts': 'export const chain = 1;\n',
    'worker/src/lines/index.ts': "export * from './provider-chain';\n",
    'worker/src/lines/generation.processor.ts': 'export const gp = 1;\n',
    'worker/src/photo/photo-job.ts': "import { chain } from '../lines/provider-chain';\nexport const pj = chain;\n",
    'worker/src/reconciler.ts': "import { chain } from './lines/provider-chain';\nexport const rc = chain;\n",
    'client/src/features/library/SignInWall.tsx': 'export default function SignInWall() {\n  return null;\n}\n',
    'client/src/features/library/index.ts': "export { default as SignInWall } from './SignInWall';\n",
    'client/src/features/library/SavedPage.tsx': 'export default function SavedPage() {\n  return null;\n}\n',
    'client/src/features/brands/BrandsPage.tsx': "import SignInWall from '../library/SignInWall';\nexport default SignInWall;\n",
    'client/src/App.tsx': "import SignInWall from './features/library/SignInWall';\nexport const app = SignInWall;\n",
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
    ['api-feature-through-entry', 'api/src/photo/photo.service.ts → api/src/lines/generation.service.ts'],
    ['api-routes-mount-entries', 'api/src/routes/resources.ts → api/src/lines/generation.service.ts'],
    ['worker-feature-through-entry', 'worker/src/photo/photo-job.ts → worker/src/lines/provider-chain.ts'],
    ['worker-composition-through-entries', 'worker/src/reconciler.ts → worker/src/lines/provider-chain.ts'],
    ['client-feature-through-entry', 'client/src/features/brands/BrandsPage.tsx → client/src/features/library/SignInWall.tsx'],
    ['client-pages-from-app', 'client/src/App.tsx → client/src/features/library/SignInWall.tsx'],
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
      // A feature's entries: index.ts from anywhere; *.routes.ts mounted by routes/; *.processor.ts
      // registered by the worker's composition; route pages loaded by App.tsx.
      'api/src/photo/photo.service.ts': "import { g } from '../lines';\nexport const ph = g;\n",
      'api/src/routes/resources.ts': "import { lr } from '../lines/lines.routes';\nexport const res = lr;\n",
      'worker/src/photo/photo-job.ts': "import { chain } from '../lines';\nexport const pj = chain;\n",
      'worker/src/reconciler.ts': "import { gp } from './lines/generation.processor';\nexport const rc = gp;\n",
      'client/src/features/brands/BrandsPage.tsx': "import { SignInWall } from '../library';\nexport default SignInWall;\n",
      'client/src/App.tsx': "import SavedPage from './features/library/SavedPage';\nexport const app = SavedPage;\n",
    });
    expect(cruise()).toContain('no dependency violations found');
  });
});
