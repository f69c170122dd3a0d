import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { platformOperations, platformOperationsArchive } from '../../src/db/schema.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { archiveSettledOperations, enqueueOperation } from '../../src/operations/index.ts';
import { nextOperationKey } from '../../src/features/funding/decisions.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';

const DAY = 86_400;

/** OPERATIONS_RETENTION_DAYS: settled operations move to their own table, never lost. */
describe(`archiving settled operations (${testDbKind})`, () => {
  let database: Database;
  const clock = manualClock();

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const put = async (key: string, state: string, updatedAt: number) => {
    await database.db.transaction((tx) =>
      enqueueOperation(tx, { key, kind: 'balance', payload: { login: 42, amount: 10 }, now: updatedAt }),
    );
    await database.db
      .update(platformOperations)
      .set({ state, updatedAt })
      .where(eq(platformOperations.idempotencyKey, key));
  };

  it('moves settled operations past the retention period, in batches, and leaves the rest', async () => {
    const now = clock.now();
    const old = now - 91 * DAY;
    await put('dep:0000000000000000000000a1', 'succeeded', old);
    await put('dep:0000000000000000000000a2', 'failed', old);
    await put('dep:0000000000000000000000a3', 'succeeded', old + 1);
    await put('dep:0000000000000000000000a4', 'queued', old); // never archived while open
    await put('dep:0000000000000000000000a5', 'succeeded', now - 10 * DAY); // recent

    const move = () => archiveSettledOperations(database.db, { now, retentionDays: 90, batch: 2 });
    expect(await move()).toEqual({ moved: 2, kept: [] });
    expect(await move()).toEqual({ moved: 1, kept: [] });
    expect(await move()).toEqual({ moved: 0, kept: [] });

    const hot = await database.db.select().from(platformOperations);
    expect(hot.map((o) => o.idempotencyKey).sort()).toEqual([
      'dep:0000000000000000000000a4',
      'dep:0000000000000000000000a5',
    ]);
    const archived = await database.db.select().from(platformOperationsArchive);
    expect(archived.map((o) => o.idempotencyKey).sort()).toEqual([
      'dep:0000000000000000000000a1',
      'dep:0000000000000000000000a2',
      'dep:0000000000000000000000a3',
    ]);
    expect(archived.find((o) => o.idempotencyKey.endsWith('a2'))).toMatchObject({
      state: 'failed',
      login: 42,
      baseKey: 'dep:0000000000000000000000a2',
      payload: { login: 42, amount: 10, comment: 'dep:0000000000000000000000a2' },
      archivedAt: now,
    });
  });

  it("an archived operation's key (an MT5 deal comment) is never handed out again", async () => {
    // a2 failed and was archived: the next operation of that request is a repeat with a new comment.
    expect(await nextOperationKey(database.db, 'dep:0000000000000000000000a2')).toBe(
      'dep:0000000000000000000000a2:1',
    );
  });

  it('never deletes a settled row whose key the archive already holds: it stays and is reported', async () => {
    const now = clock.now();
    const key = 'dep:0000000000000000000000b1';
    await put(key, 'succeeded', now - 200 * DAY);
    const [hot] = await database.db
      .select()
      .from(platformOperations)
      .where(eq(platformOperations.idempotencyKey, key));
    // The archive already holds this key (moved before enqueue looked at the archive, or put back by
    // hand): the hot row is a second, different record of it.
    await database.db.insert(platformOperationsArchive).values({
      ...hot!,
      id: '0000000000000000000000b0',
      attempts: 3,
      lastError: 'the earlier record',
      archivedAt: now - 100 * DAY,
    });
    expect(await archiveSettledOperations(database.db, { now, retentionDays: 90 })).toEqual({
      moved: 0,
      kept: [key],
    });
    const stillHot = await database.db
      .select()
      .from(platformOperations)
      .where(eq(platformOperations.idempotencyKey, key));
    expect(stillHot).toEqual([hot]);
    const archived = await database.db
      .select()
      .from(platformOperationsArchive)
      .where(eq(platformOperationsArchive.idempotencyKey, key));
    expect(archived).toMatchObject([{ id: '0000000000000000000000b0', lastError: 'the earlier record' }]);
  });

  it('enqueue treats an archived key as used: the same operation is not queued again, another is refused', async () => {
    const key = 'dep:0000000000000000000000a1'; // archived by the first test
    const again = () =>
      database.db.transaction((tx) =>
        enqueueOperation(tx, { key, kind: 'balance', payload: { login: 42, amount: 10 }, now: clock.now() }),
      );
    expect(await again()).toEqual({ created: false });
    await expect(
      database.db.transaction((tx) =>
        enqueueOperation(tx, { key, kind: 'balance', payload: { login: 42, amount: 11 }, now: clock.now() }),
      ),
    ).rejects.toThrow('already used by a different operation');
    // Nothing went back into the hot table, so nothing is sent again and nothing blocks a later archive.
    const hot = await database.db
      .select()
      .from(platformOperations)
      .where(eq(platformOperations.idempotencyKey, key));
    expect(hot).toEqual([]);
  });
});
