import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { platformOperations, platformOperationsArchive } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { assertOperationKey, baseKeyOf } from './keys.ts';
import { clearSecrets, parseOperation, type OperationInputPayloads, type OperationKind } from './kinds.ts';

export const DEFAULT_PLATFORM = 'MT5';

export type EnqueueInput = {
  [K in OperationKind]: {
    key: string;
    kind: K;
    payload: OperationInputPayloads[K];
    now: number;
    /** The TradingPlatform.name that runs it; MT5 unless the console serves several platforms. */
    platform?: string;
  };
}[OperationKind];

/**
 * Records a platform operation in the outbox. Call it inside the transaction of the state change it
 * serves (the compare-and-set on the request), so the change and the order to apply it commit or roll
 * back together; the worker runs it after commit.
 *
 * Idempotent on `key`: a second enqueue of the same key does nothing and answers created: false.
 * Reusing a key for a different operation throws, since one of the two would silently never run.
 * Keys in platform_operations_archive count as used too: an archived key was sent (it is a deal comment
 * on MT5), and a second row with it could not be archived without losing one of the two.
 */
export async function enqueueOperation(tx: DbOrTx, op: EnqueueInput): Promise<{ created: boolean }> {
  assertOperationKey(op.key);
  const submitted =
    op.kind === 'balance' ? { ...op.payload, comment: op.payload.comment ?? op.key } : op.payload;
  const parsed = parseOperation(op.kind, submitted);
  if (!parsed.ok) throw new Error(`Operation ${op.key}: ${parsed.error}`);
  if (parsed.op.kind === 'balance' && parsed.op.payload.comment !== op.key) {
    // findDeal resolves an unknown outcome by this comment; any other comment could not be found again.
    throw new Error(`Operation ${op.key}: a balance op's comment must be its key`);
  }
  const platform = op.platform ?? DEFAULT_PLATFORM;
  const sameAs = (existing: StoredOperation | undefined): { created: false } => {
    const same =
      existing !== undefined &&
      existing.kind === op.kind &&
      existing.platform === platform &&
      canonical(clearSecrets(op.kind, existing.payload)) ===
        canonical(clearSecrets(op.kind, parsed.op.payload));
    if (!same) throw new Error(`Operation key ${op.key} is already used by a different operation`);
    return { created: false };
  };
  const archivedBefore = await storedOperation(tx, platformOperationsArchive, op.key);
  if (archivedBefore) return sameAs(archivedBefore);
  const inserted = await tx
    .insert(platformOperations)
    .values({
      id: newId(op.now),
      idempotencyKey: op.key,
      baseKey: baseKeyOf(op.key),
      platform,
      kind: op.kind,
      login: parsed.op.payload.login,
      payload: parsed.op.payload,
      state: 'queued',
      attempts: 0,
      nextAttemptAt: op.now,
      createdAt: op.now,
      updatedAt: op.now,
    })
    .onConflictDoNothing({ target: platformOperations.idempotencyKey })
    .returning({ id: platformOperations.id });
  if (inserted.length === 0) return sameAs(await storedOperation(tx, platformOperations, op.key));
  // Looked again after the insert: an archive move of this key under way when the archive was first
  // read has committed by now (the insert waited for its delete), so the archive shows it.
  const archived = await storedOperation(tx, platformOperationsArchive, op.key);
  if (!archived) return { created: true };
  await tx.delete(platformOperations).where(eq(platformOperations.id, inserted[0]!.id));
  return sameAs(archived);
}

type StoredOperation = { kind: string; platform: string; payload: unknown };

async function storedOperation(
  tx: DbOrTx,
  table: typeof platformOperations | typeof platformOperationsArchive,
  key: string,
): Promise<StoredOperation | undefined> {
  const [row] = await tx
    .select({ kind: table.kind, platform: table.platform, payload: table.payload })
    .from(table)
    .where(eq(table.idempotencyKey, key));
  return row;
}

/** JSON with sorted keys: jsonb does not keep the order in which keys were written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
