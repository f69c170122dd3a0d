import { configDefaults, defineConfig } from 'vitest/config';

const SERVER_TESTS = ['apps/server/**/*.test.ts', 'tools/**/*.test.ts', 'packages/contract/**/*.test.ts'];
/** Server tests that vi.mock a module or spy on a global: each in its own module cache. */
const ISOLATED = [
  'apps/server/test/security/access-matrix.test.ts',
  'apps/server/test/security/bad-input.test.ts',
  'apps/server/test/security/headers-sessions-logs.test.ts',
  'apps/server/test/staff/acting-on.test.ts',
  'tools/bench/coverage.test.ts',
];

export default defineConfig({
  test: {
    // Each file opens its own database; two at a time suits a 2-core machine.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        test: {
          // The files that mock modules or spy on globals are the project below, so that this one can run
          // with one module cache per worker (--no-isolate: about a quarter off the run, measured; not yet
          // switched on in CI, see docs/decisions.md).
          name: 'server',
          environment: 'node',
          include: SERVER_TESTS,
          exclude: [...configDefaults.exclude, ...ISOLATED],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-isolated',
          environment: 'node',
          include: ISOLATED,
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
