import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../apps/server/test/support/test-app.ts';
import { keyOf, routesOf, type RecordedRoute } from '../../apps/server/test/security/support/routes.ts';
import { CASES, type BenchCase } from './cases.ts';
import { NOT_BENCHED } from './not-benched.ts';

// The server's own route table, as the access matrix reads it (an onRoute hook on the real instance).
const recorded = vi.hoisted(() => [] as RecordedRoute[]);
vi.mock('fastify', async (importOriginal) =>
  (await import('../../apps/server/test/security/support/routes.ts')).recordingFastify(
    await importOriginal(),
    recorded,
  ),
);

/** A Fastify pattern as a regular expression over a path: `:param` is one segment, `*` the rest. */
function matcher(pattern: string): RegExp {
  const body = pattern
    .split(/(:[A-Za-z0-9_]+|\*$)/)
    .map((part) =>
      part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`);
}

const covers = (route: RecordedRoute, c: BenchCase) =>
  route.method === c.method && matcher(route.url).test(c.path.split('?')[0]!);

/**
 * The bench's coverage (issue 19): every route the server registers has a bench case or a written reason
 * to have none. Timings stay in the bench; this only checks that nothing a screen calls goes unmeasured.
 */
describe('bench coverage of the route table', () => {
  let t: TestApp;
  let routes: RecordedRoute[];
  beforeAll(async () => {
    t = await startTestApp();
    const gets = new Set(
      routesOf(recorded, t.app)
        .filter((r) => r.method === 'GET')
        .map((r) => r.url),
    );
    // Fastify's automatic HEAD routes are their GET again; a HEAD of its own is listed.
    routes = routesOf(recorded, t.app).filter((r) => r.method !== 'HEAD' || !gets.has(r.url));
  });
  afterAll(() => t.stop());

  it('has a case or a reason for every route', () => {
    const uncovered = routes
      .filter((r) => !CASES.some((c) => covers(r, c)) && !(keyOf(r) in NOT_BENCHED))
      .map(keyOf);
    expect(uncovered, 'routes with neither a case in cases.ts nor a reason in not-benched.ts').toEqual([]);
  });

  it('names no route that is gone, and does not both measure and excuse one', () => {
    const served = new Set(routes.map(keyOf));
    expect(Object.keys(NOT_BENCHED).filter((k) => !served.has(k))).toEqual([]);
    const excusedButMeasured = routes
      .filter((r) => keyOf(r) in NOT_BENCHED && CASES.some((c) => covers(r, c)))
      .map(keyOf);
    expect(excusedButMeasured).toEqual([]);
    const orphanCases = CASES.filter((c) => !routes.some((r) => covers(r, c))).map((c) => c.name);
    expect(orphanCases, 'cases that reach no route').toEqual([]);
    for (const reason of Object.values(NOT_BENCHED)) expect(reason.length).toBeGreaterThan(10);
  });

  it('names each case once', () => {
    const names = CASES.map((c) => c.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});
