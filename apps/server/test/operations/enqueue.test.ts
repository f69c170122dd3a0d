import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { enqueueOperation, InvalidOperationKey, keyPrefix } from '../../src/operations/index.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import { operation } from './support.ts';

const NOW = 1_790_000_000;
const dep = (n: number) => `dep:${n.toString(16).padStart(24, '0')}`;

describe(`operations: enqueue (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('records a queued operation once per key, whatever the number of enqueues', async () => {
    const { db } = database;
    const op = {
      key: dep(1),
      kind: 'balance',
      payload: { login: 500_001, amount: 150.25 },
      now: NOW,
    } as const;
    expect(dep(1)).toHaveLength(28);
    expect(await enqueueOperation(db, op)).toEqual({ created: true });
    expect(await db.transaction((tx) => enqueueOperation(tx, op))).toEqual({ created: false });
    expect(await operation(db, dep(1))).toMatchObject({
      kind: 'balance',
      platform: 'MT5',
      state: 'queued',
      attempts: 0,
      nextAttemptAt: NOW,
      lockedUntil: null,
      payload: { login: 500_001, amount: 150.25, comment: dep(1) },
    });
  });

  it('commits and rolls back with the transaction of the state change it serves', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await enqueueOperation(tx, {
          key: dep(2),
          kind: 'setLeverage',
          payload: { login: 5, leverage: 200 },
          now: NOW,
        });
        throw new Error('the compare-and-set found the request no longer pending');
      }),
    ).rejects.toThrow('no longer pending');
    await expect(operation(db, dep(2))).rejects.toThrow('no operation');
  });

  it('refuses a key reused for a different operation', async () => {
    const { db } = database;
    const op = { key: dep(3), kind: 'balance', payload: { login: 7, amount: -20 }, now: NOW } as const;
    await enqueueOperation(db, op);
    await expect(enqueueOperation(db, { ...op, payload: { login: 7, amount: -21 } })).rejects.toThrow(
      'already used by a different operation',
    );
    await expect(
      enqueueOperation(db, {
        key: dep(3),
        kind: 'setLeverage',
        payload: { login: 7, leverage: 100 },
        now: NOW,
      }),
    ).rejects.toThrow('already used');
  });

  it('refuses keys that cannot be an MT5 deal comment', async () => {
    const { db } = database;
    const payload = { login: 1, amount: 1 };
    const long = `dep:${'a'.repeat(28)}`;
    expect(long).toHaveLength(32);
    await expect(
      enqueueOperation(db, { key: long, kind: 'balance', payload, now: NOW }),
    ).rejects.toBeInstanceOf(InvalidOperationKey);
    await expect(enqueueOperation(db, { key: long, kind: 'balance', payload, now: NOW })).rejects.toThrow(
      'longer than 31 characters',
    );
    for (const key of ['dep', 'dep:', 'DEP:1', 'dep:a b', 'dep:a|b', 'dep:a=b']) {
      await expect(enqueueOperation(db, { key, kind: 'balance', payload, now: NOW })).rejects.toBeInstanceOf(
        InvalidOperationKey,
      );
    }
    expect(keyPrefix('trs:0123')).toBe('trs');
  });

  it('validates payloads: two-decimal non-zero amounts, the key as the comment, known kinds', async () => {
    const { db } = database;
    const bad = [
      { login: 1, amount: 10.005 },
      { login: 1, amount: 0 },
      { login: 1, amount: 2e9 },
      { login: -1, amount: 10 },
      { login: 1, amount: 10, extra: true },
      { login: 1, amount: 10, comment: 'dep:someone-else' },
    ];
    for (const payload of bad) {
      await expect(
        enqueueOperation(db, { key: dep(4), kind: 'balance', payload: payload as never, now: NOW }),
      ).rejects.toThrow(/Invalid balance payload|comment must be its key/);
    }
    await expect(
      enqueueOperation(db, { key: dep(4), kind: 'wire' as never, payload: {} as never, now: NOW }),
    ).rejects.toThrow('Unknown operation kind');
    await expect(operation(db, dep(4))).rejects.toThrow('no operation');
  });

  it('keeps each kind and its payload', async () => {
    const { db } = database;
    const ops = [
      { key: 'lev:01', kind: 'setLeverage', payload: { login: 9, leverage: 500 } },
      { key: 'nam:01', kind: 'setName', payload: { login: 9, name: 'Ann Lee Ltd' } },
      {
        key: 'pwd:01',
        kind: 'changePassword',
        payload: { login: 9, type: 'investor', password: 'N3w!pass' },
      },
      {
        key: 'acc:01',
        kind: 'createAccount',
        payload: {
          login: 9,
          name: 'A',
          group: 'real\\pro',
          leverage: 100,
          passwordMain: 'M1x!',
          passwordInvestor: 'I1x!',
        },
        platform: 'MT5-2',
      },
    ] as const;
    for (const op of ops) expect(await enqueueOperation(db, { ...op, now: NOW })).toEqual({ created: true });
    expect(await operation(db, 'acc:01')).toMatchObject({ platform: 'MT5-2', payload: ops[3].payload });
  });
});
