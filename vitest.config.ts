import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each file opens its own database; two at a time suits a 2-core machine.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/**/*.test.ts', 'tools/**/*.test.ts', 'packages/contract/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
    ],
  },
});
