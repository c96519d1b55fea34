import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Every file: the API's SQL on tenant tables must name the workspace (see the file).
          setupFiles: ['apps/server/test/tenancy-watch.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Files run one after another in each worker without a fresh module graph: the app's modules load once per
          // worker instead of once per file (215 → 90 s). Every file still gets its own database (createTestContext);
          // the tenancy watch keeps its state on globalThis for this (tenancy-watch.ts).
          isolate: false,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
