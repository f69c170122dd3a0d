import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallBody } from '@brokerdesk/contract';
import type { TestApp, BodyOnlyCall } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { tradingAccounts } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

describe(`account groups (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('groups@desk.test'));
  });
  afterAll(() => t.stop());

  const post = <D extends BodyOnlyCall>(def: D, body: CallBody<D>) => t.post(def, body, t.auth(token));
  const list = async () => (await t.call(calls.groups.listGroups, {}, t.auth(token))).body.groups;

  it('adds, edits and deletes a group', async () => {
    const add = await post(calls.groups.addGroup, {
      groupId: 'real\\usd-std',
      groupName: 'Standard USD',
      groupStatus: 'active',
    });
    expect(add.status).toBe(200);
    expect(await list()).toEqual([
      expect.objectContaining({
        groupId: 'real\\usd-std',
        groupName: 'Standard USD',
        groupStatus: 'active',
        copy: '',
      }),
    ]);
    await post(calls.groups.editGroup, {
      groupId: 'real\\usd-std',
      groupName: 'Std USD',
      groupStatus: 'disabled',
      copy: 'D',
    });
    expect((await list())[0]).toMatchObject({ groupName: 'Std USD', groupStatus: 'disabled', copy: 'D' });
    expect((await post(calls.groups.deleteGroup, { groupId: 'real\\usd-std' })).status).toBe(200);
    expect(await list()).toEqual([]);
  });

  it('requires id, name and status; refuses a duplicate id', async () => {
    const blank = await post(calls.groups.addGroup, {
      groupId: ' ',
      groupName: '',
      groupStatus: 'active',
    });
    expect(blank.body).toMatchObject({
      errors: { groupId: 'Group ID is required.', groupName: 'Group name is required.' },
    });
    expect(
      (await t.raw(calls.groups.addGroup, { body: { groupId: 'g1', groupName: 'G' } }, t.auth(token))).status,
    ).toBe(400);
    expect(
      (
        await t.raw(
          calls.groups.addGroup,
          { body: { groupId: 'g1', groupName: 'G', groupStatus: 'maybe' } },
          t.auth(token),
        )
      ).status,
    ).toBe(400);
    await post(calls.groups.addGroup, { groupId: 'g1', groupName: 'G', groupStatus: 'active' });
    const dup = await post(calls.groups.addGroup, {
      groupId: 'g1',
      groupName: 'Again',
      groupStatus: 'active',
    });
    expect(dup.body).toMatchObject({ errors: { groupId: 'A group with this ID already exists.' } });
    expect((await list()).find((g) => g.groupId === 'g1')?.groupName).toBe('G');
  });

  it('answers 404 for an unknown group and 409 for deleting a group in use', async () => {
    expect(
      (await post(calls.groups.editGroup, { groupId: 'nope', groupName: 'N', groupStatus: 'active' })).status,
    ).toBe(404);
    expect((await post(calls.groups.deleteGroup, { groupId: 'nope' })).status).toBe(404);
    await post(calls.groups.addGroup, { groupId: 'used', groupName: 'Used', groupStatus: 'active' });
    const clientId = await t.createUser({ email: 'holder@groups.test', role: 'USER' });
    await t.db.insert(tradingAccounts).values({
      id: newId(),
      userId: clientId,
      number: 700001,
      live: true,
      type: 'Standard',
      baseCurrency: 'USD',
      leverage: 100,
      accountGroup: 'used',
      timeCreated: t.clock.now(),
    });
    const r = await post(calls.groups.deleteGroup, { groupId: 'used' });
    expect(r.status).toBe(409);
    expect((await list()).some((g) => g.groupId === 'used')).toBe(true);
  });
});
