import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, urlOf, type CallDef } from '@brokerdesk/contract';
import { type RawInput, type TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';

/**
 * A fault found once: authenticated JSON carried no `Cache-Control: no-store`; client data stayed cacheable
 * (docs/product.md [security.headers]).
 */
describe(`replies to signed-in staff are never cached (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('cache@desk.test'));
  });
  afterAll(() => t.stop());

  it('sends no-store on successes and refusals alike', async () => {
    const requests: [CallDef, RawInput, number][] = [
      [calls.auth.getMe, {}, 200],
      [calls.clients.listAdmins, {}, 200],
      [calls.system.countNewRequests, {}, 200],
      [calls.clients.pageUsers, { params: { status: 'all' }, body: { page: 1, sizePerPage: 10 } }, 200],
      [calls.staff.listStaff, {}, 200],
      [calls.clients.pageUsers, { params: { status: 'all' }, body: { page: 0 } }, 400],
      [calls.clients.getProfile, { params: { id: '0123456789abcdef01234567' } }, 404],
    ];
    for (const [def, input, status] of requests) {
      const r = await t.raw(def, input, t.auth(token));
      const url = `${def.method} ${urlOf(def, input)}`;
      expect(r.status, url).toBe(status);
      expect(r.headers.get('cache-control'), url).toBe('no-store');
    }
  });
});
