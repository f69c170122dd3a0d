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

/**
 * Test files a run leaves out, as comma-separated globs (TEST_EXCLUDE): run-all's first PostgreSQL run
 * leaves the money and account suites to its run through the MT5 client. The CLI's --exclude does not
 * reach the projects' own exclude lists.
 */
const LEFT_OUT = (process.env.TEST_EXCLUDE ?? '').split(',').filter(Boolean);

export default defineConfig({
  test: {
    // Each file opens its own database; two at a time suits a 2-core machine.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        test: {
          // The files that mock modules or spy on globals are the project below, so that this one can run
          // with one module cache per worker (--no-isolate, tools/test/api-tests.sh: about a quarter off
          // the run, measured).
          name: 'server',
          environment: 'node',
          include: SERVER_TESTS,
          exclude: [...configDefaults.exclude, ...ISOLATED, ...LEFT_OUT],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-isolated',
          environment: 'node',
          include: ISOLATED,
          exclude: [...configDefaults.exclude, ...LEFT_OUT],
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
