import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { appendMany } from './support.ts';

describe(`audit facets: the entities and actions the search offers (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk({ email: 'fay@facets.test', name: 'Fay' }));
    // Many rows, few distinct values: each value is listed once, whatever its count.
    const at = t.clock.now();
    await appendMany(
      t.db,
      Array.from({ length: 600 }, (_, i) => ({
        at: at + i,
        actorId: null,
        action: ['deposit.approved', 'group.added', 'client.edited'][i % 3]!,
        entity: ['deposit', 'group', 'user'][i % 3]!,
        entityId: `e${i}`,
      })),
    );
  });
  afterAll(() => t.stop());

  it('lists each entity and action once, in order, sign-ins included', async () => {
    const r = await t.call(calls.audit.getAuditFacets, {}, t.auth(token));
    expect(r.status).toBe(200);
    expect(r.body.entities).toEqual(expect.arrayContaining(['deposit', 'group', 'user']));
    expect(r.body.actions).toEqual(
      expect.arrayContaining(['client.edited', 'deposit.approved', 'group.added']),
    );
    // The sign-in of the caller is in the trail too; values are distinct and sorted.
    for (const values of [r.body.entities, r.body.actions]) {
      expect(new Set(values).size).toBe(values.length);
      expect([...values].sort()).toEqual(values);
    }
    expect(r.body.actions.length).toBeLessThan(20);
  });

  it('needs a staff session', async () => {
    expect((await t.raw(calls.audit.getAuditFacets)).status).toBe(401);
  });
});
