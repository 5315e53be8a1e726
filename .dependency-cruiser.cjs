/**
 * The direction of the layers, checked by dependency-cruiser in `npm run lint` (and so in CI):
 * type-only imports count (tsPreCompilationDeps), every workspace is cruised, the client included.
 * tests/integration/dependency-rules.test.ts plants one violation of each rule and sees it reported.
 */
const FEATURES = 'accounts|billing|teams|brands|lines|library|campaigns|approvals|webhooks|photo|api-keys|mcp|site';
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycle in any workspace, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-only-core-contract',
      severity: 'error',
      comment:
        "The client imports core only through '@gl/core' and '@gl/core/types' (contracts and types), never core's server parts, api, worker, server or simulators.",
      from: { path: '^client/src/' },
      to: { path: '^(core/src/|api/|worker/|server/|simulators/)', pathNot: '^core/src/(index|types)\\.ts$' },
    },
    {
      name: 'api-not-worker',
      severity: 'error',
      comment: 'api and worker depend on core, never on each other.',
      from: { path: '^api/' },
      to: { path: '^worker/' },
    },
    {
      name: 'worker-not-api',
      severity: 'error',
      comment: 'api and worker depend on core, never on each other.',
      from: { path: '^worker/' },
      to: { path: '^api/' },
    },
    {
      name: 'core-no-workspace',
      severity: 'error',
      comment: 'core depends on no other workspace.',
      from: { path: '^core/' },
      to: { path: '^(api|worker|server|client|simulators|tests|bench)/' },
    },
    {
      name: 'simulators-only-sandbox-and-tests',
      severity: 'error',
      comment: "The payment simulators are development-only: only the composition's sandbox and the tests load them.",
      from: { pathNot: '^(simulators/|tests/|server/src/sandbox\\.ts$)' },
      to: { path: '^simulators/' },
    },
    {
      name: 'core-feature-through-entry',
      severity: 'error',
      comment:
        "Inside core, a feature reaches another feature only through its entries: index.ts (browser-safe), server.ts (server parts), and its table-level files, *.schema.ts (tables, for other tables' foreign keys and core/src/schema.ts) and *.sql.ts (SQL conditions over its tables that other features' queries embed).",
      from: { path: `^core/src/(${FEATURES})/` },
      to: {
        path: `^core/src/(${FEATURES})/`,
        pathNot: ['^core/src/$1/', `^core/src/(${FEATURES})/(index|server)\\.ts$`, `^core/src/(${FEATURES})/[^/]+\\.(schema|sql)\\.ts$`],
      },
    },
    {
      name: 'core-table-entries-stay-leaves',
      severity: 'error',
      comment:
        "A feature's *.schema.ts and *.sql.ts files are reached from every feature, so they never import a server.ts entry (whose repositories and jobs would reach back into a cycle): only tables, other *.sql.ts, contracts (index.ts) and platform.",
      from: { path: `^core/src/(${FEATURES})/[^/]+\\.(schema|sql)\\.ts$` },
      to: { path: `^core/src/(${FEATURES})/(server)\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    combinedDependencies: false,
  },
};
