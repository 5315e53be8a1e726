import { defineConfig } from 'vitest/config';

/**
 * Test tiers:
 *  - unit: beside the code in core/, api/, worker/ (no services)
 *  - integration: tests/integration, against the real PostgreSQL and Redis on loopback
 *  - client: React components in jsdom
 *  - e2e: Playwright driving Debian's Chromium against a real server
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['core/src/**/*.test.ts', 'api/src/**/*.test.ts', 'worker/src/**/*.test.ts'],
          environment: 'node',
          // The writer's tests generate thousands of lines: a loaded 2-core machine can take 8 s where a quiet one takes 1.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/build-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 3,
        },
      },
      {
        extends: './client/vite.config.ts',
        test: {
          name: 'client',
          sequence: { groupOrder: 2 },
          root: './client',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/build-server.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
