import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { platformOperations } from '../db/schema.ts';
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
  if (inserted.length > 0) return { created: true };

  const [existing] = await tx
    .select({
      kind: platformOperations.kind,
      platform: platformOperations.platform,
      payload: platformOperations.payload,
    })
    .from(platformOperations)
    .where(eq(platformOperations.idempotencyKey, op.key));
  const same =
    existing !== undefined &&
    existing.kind === op.kind &&
    existing.platform === platform &&
    canonical(clearSecrets(op.kind, existing.payload)) ===
      canonical(clearSecrets(op.kind, parsed.op.payload));
  if (!same) throw new Error(`Operation key ${op.key} is already used by a different operation`);
  return { created: false };
}

/** JSON with sorted keys: jsonb does not keep the order in which keys were written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
