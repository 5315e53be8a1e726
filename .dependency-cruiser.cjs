/**
 * The direction of the layers, checked by dependency-cruiser in `npm run lint` (and so in CI):
 * type-only imports count (tsPreCompilationDeps), every workspace is cruised, the client included.
 * tests/integration/dependency-rules.test.ts plants one violation of each rule and sees it reported.
 */
const FEATURES = 'accounts|billing|teams|brands|lines|library|campaigns|approvals|webhooks|photo|api-keys|mcp|site';
/** api, worker and client feature folders (same names in each). */
const API_FEATURES = FEATURES;
const WORKER_FEATURES = 'approvals|billing|campaigns|lines|photo|webhooks';
const CLIENT_FEATURES = 'accounts|api-keys|approvals|billing|brands|campaigns|library|lines|site|teams|webhooks';
/**
 * A client feature's server-state modules that other parts of the app reach directly, beside its
 * index.ts: the library's offline save queue (started by main.tsx, cleared at sign-out) and the
 * approval link's early read (main.tsx), so that the features' components stay out of the first download.
 */
const CLIENT_STATE_ENTRIES = 'library/pending-saves\\.ts|approvals/approve-path\\.ts';
/** The worker's composition: it registers processors and runs the reconciler over every feature. */
const WORKER_COMPOSITION = '^worker/src/(processors/|worker\\.ts$|reconciler\\.ts$)';
/** The client's composition: App.tsx routes to each feature's lazy pages; a test may render a page. */
const CLIENT_COMPOSITION = '^client/src/(App\\.tsx$|features/([^/]+)/.*\\.test\\.tsx?$|.*\\.test\\.tsx?$)';
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
    {
      name: 'api-feature-through-entry',
      severity: 'error',
      comment:
        'Inside api, a feature (api/src/<feature>/) is reached from outside its folder only through its index.ts; routes/ and app.ts mount its *.routes.ts files.',
      from: { path: '^api/src/([^/]+)', pathNot: '^api/src/(routes/|app\\.ts$)' },
      to: { path: `^api/src/(${API_FEATURES})/`, pathNot: ['^api/src/$1/', `^api/src/(${API_FEATURES})/index\\.ts$`] },
    },
    {
      name: 'api-routes-mount-entries',
      severity: 'error',
      comment: 'routes/ and app.ts reach a feature only through its *.routes.ts files (to mount them) or its index.ts.',
      from: { path: '^api/src/(routes/|app\\.ts$)' },
      to: { path: `^api/src/(${API_FEATURES})/`, pathNot: `^api/src/(${API_FEATURES})/(index|[^/]+\\.routes)\\.ts$` },
    },
    {
      name: 'worker-feature-through-entry',
      severity: 'error',
      comment:
        "Inside worker, a feature (worker/src/<feature>/) is reached from outside its folder only through its index.ts; its *.processor.ts files are reached by the worker's composition (processors/index.ts registration, worker.ts, reconciler.ts).",
      from: { path: '^worker/src/([^/]+)', pathNot: WORKER_COMPOSITION },
      to: { path: `^worker/src/(${WORKER_FEATURES})/`, pathNot: ['^worker/src/$1/', `^worker/src/(${WORKER_FEATURES})/index\\.ts$`] },
    },
    {
      name: 'worker-composition-through-entries',
      severity: 'error',
      comment: "The worker's composition reaches a feature only through its index.ts and its *.processor.ts files.",
      from: { path: WORKER_COMPOSITION },
      to: {
        path: `^worker/src/(${WORKER_FEATURES})/`,
        pathNot: `^worker/src/(${WORKER_FEATURES})/(index|[^/]+\\.processor)\\.ts$`,
      },
    },
    {
      name: 'client-feature-through-entry',
      severity: 'error',
      comment:
        'Inside the client, a feature (client/src/features/<feature>/) is reached from outside its folder only through its index.ts (or one of its server-state modules listed in CLIENT_STATE_ENTRIES); App.tsx (and tests) also load its route pages (*Page.tsx, routes.tsx) lazily.',
      from: { path: '^client/src/(?:features/)?([^/]+)', pathNot: CLIENT_COMPOSITION },
      to: {
        path: `^client/src/features/(${CLIENT_FEATURES})/`,
        pathNot: [
          '^client/src/features/$1/',
          `^client/src/features/(${CLIENT_FEATURES})/index\\.tsx?$`,
          `^client/src/features/(${CLIENT_STATE_ENTRIES})$`,
        ],
      },
    },
    {
      name: 'client-pages-from-app',
      severity: 'error',
      comment: 'App.tsx and tests reach a feature only through its index.ts and its route pages (*Page.tsx, routes.tsx).',
      from: { path: CLIENT_COMPOSITION },
      to: {
        path: `^client/src/features/(${CLIENT_FEATURES})/`,
        pathNot: [
          '^client/src/features/$2/',
          `^client/src/features/(${CLIENT_FEATURES})/(index\\.tsx?|routes\\.tsx|[A-Za-z]+Page\\.tsx|[a-z]+/[A-Za-z]+Page\\.tsx)$`,
          `^client/src/features/(${CLIENT_STATE_ENTRIES})$`,
        ],
      },
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
