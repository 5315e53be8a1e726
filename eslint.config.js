import js from '@eslint/js';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

/** A workspace imports another only through its package entry (the boundaries block below). */
const WORKSPACE_BOUNDARIES = [
  {
    regex: '^(\\.\\./)+(core|simulators|worker|api|server|client|tests|bench)/(src|build|helpers|stubs|fixtures|vendor|bin|dist)(/|$)',
    message:
      "Import another workspace through its package entry (e.g. '@gl/worker/reconciler'); add the subpath to its package.json `exports` if it is missing.",
  },
  {
    regex: '^@gl/[^/]+/(src|build|dist)(/|$)',
    message: 'Import a workspace through the subpaths its package.json `exports` declares, not its files.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'core/src/platform/db/migrations/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      'no-console': 'off',
    },
  },
  {
    // Boundaries: a workspace imports another only through its package entry (`@gl/core`,
    // `@gl/worker/reconciler`, …: the subpaths its package.json `exports` declares), tests and
    // benches too; never by a relative path into its folder, nor into its sources past `exports`.
    files: ['**/*.{ts,tsx,mjs,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: WORKSPACE_BOUNDARIES,
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // One client data layer: a component or page reaches the server only through its feature's
    // server-state module (queries, mutations, query keys); it never calls the API client itself nor
    // makes a query or mutation of its own. auth.tsx is the accounts feature's server-state module
    // (a .tsx for its provider).
    files: ['client/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'client/src/test/**', 'client/src/features/accounts/auth.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WORKSPACE_BOUNDARIES,
            {
              group: ['**/platform/api'],
              importNames: ['api', 'apiResponse', 'apiUpload'],
              message: "Call the server from the feature's server-state module (a query or mutation there), not from a component.",
            },
            {
              group: ['@tanstack/react-query'],
              importNames: ['useQuery', 'useInfiniteQuery', 'useMutation', 'useQueryClient', 'useMutationState', 'useSuspenseQuery'],
              message: "Queries, mutations and query keys live in the feature's server-state module; a component uses its hooks.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every interface string lives in client/src/locales (docs/glossary-sw.md); none in components.
    files: ['client/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'client/src/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-description',
              'title',
              'placeholder',
              'alt',
              'label',
              'summary',
              'caption',
              'heading',
              'hint',
              'description',
              'emptyText',
              'message',
            ],
          },
          words: {
            exclude: [
              '[0-9!-/:-@[-`{-~]+',
              '[A-Z_-]+',
              '^\\p{Emoji}+$',
              'Genius Lines',
              'M-Pesa',
              'PayPal',
              'Pro',
              'API',
              'MCP',
              'JSON',
              'CSV',
              'KES',
              'USD',
            ],
          },
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'simulators/**/*.ts', '**/*.test.ts', '**/*.test.tsx', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
