import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';

/** Issue 18: authenticated JSON carried no `Cache-Control: no-store`; client data stayed cacheable. */
describe(`replies to signed-in staff are never cached (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({ email: 'cache@desk.test', password: 'Correct-Horse-1' });
    token = await t.signIn('cache@desk.test', 'Correct-Horse-1');
  });
  afterAll(() => t.stop());

  it('sends no-store on successes and refusals alike', async () => {
    const calls: [string, string, unknown, number][] = [
      ['GET', calls.auth.getMe, undefined, 200],
      ['GET', calls.clients.listAdmins, undefined, 200],
      ['GET', calls.system.countNewRequests, undefined, 200],
      ['POST', '/api/admin/users/list/paginated/all', { page: 1, sizePerPage: 10 }, 200],
      ['GET', calls.staff.listStaff, undefined, 200],
      ['POST', '/api/admin/users/list/paginated/all', { page: 0 }, 400],
      ['GET', '/api/admin/users/profile/0123456789abcdef01234567', undefined, 404],
    ];
    for (const [method, url, body, status] of calls) {
      const r = await t.call(method, url, body, t.auth(token));
      expect(r.status, url).toBe(status);
      expect(r.headers.get('cache-control'), `${method} ${url}`).toBe('no-store');
    }
  });
});
