import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { audit } from '../audit/audit.ts';
import type { Db, Tx } from '../db/client.ts';
import { platformOperations as ops } from '../db/schema.ts';
import type { CheckingHandler, OperationRow, SettledHandler, SettledOutcome } from './handlers.ts';
import { clearSecrets } from './kinds.ts';
import type { Decision } from './policy.ts';

/** A claimed operation; `leaseExpired` means a worker held it and stopped without settling it. */
export type ClaimedOperation = OperationRow & { leaseExpired: boolean };

/**
 * Claims due operations in one short transaction and leases them to the caller. `FOR UPDATE SKIP
 * LOCKED` keeps two workers from taking the same row at the same time; the lease (locked_until) keeps
 * it theirs after commit, while the platform is called outside any transaction. A 'running' row
 * whose lease ran out belonged to a worker that died mid-call: it is claimed again, and since its
 * attempt count shows an earlier attempt, the next attempt resolves that attempt's outcome first.
 * Every claim adds one to `attempts`, which then serves as the fencing token of settleOperation.
 *
 * One login, one operation at a time, in approval order (`seq`): an operation is due only when no
 * earlier one on its login is still open, so a retried older change never lands after a newer one.
 */
export async function claimOperations(
  db: Db,
  o: { now: number; limit: number; leaseSeconds: number; platforms: string[] },
): Promise<ClaimedOperation[]> {
  if (o.platforms.length === 0 || o.limit < 1) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: ops.id, state: ops.state })
      .from(ops)
      .where(
        and(
          inArray(ops.state, ['queued', 'running']),
          lte(ops.nextAttemptAt, o.now),
          or(isNull(ops.lockedUntil), lte(ops.lockedUntil, o.now)),
          inArray(ops.platform, o.platforms),
          sql`not exists (select 1 from platform_operations earlier
                where earlier.platform = ${ops.platform} and earlier.login = ${ops.login}
                  and earlier.state in ('queued', 'running') and earlier.seq < ${ops.seq})`,
        ),
      )
      .orderBy(asc(ops.seq))
      .limit(o.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(ops)
      .set({
        state: 'running',
        lockedUntil: o.now + o.leaseSeconds,
        attempts: sql`${ops.attempts} + 1`,
        updatedAt: o.now,
      })
      .where(
        inArray(
          ops.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    const abandoned = new Set(due.filter((d) => d.state === 'running').map((d) => d.id));
    return rows.map((r) => ({ ...r, leaseExpired: abandoned.has(r.id) }));
  });
}

/** The row is still ours: running, and not claimed again since (the claim bumped attempts). */
const stillOurs = (op: OperationRow) =>
  and(eq(ops.id, op.id), eq(ops.state, 'running'), eq(ops.attempts, op.attempts));

/** One look-up or send of a round, as the audit trail records it. */
export type RoundStep =
  | { step: 'lookup'; at: number; found: boolean | 'unknown'; error?: string }
  | { step: 'send'; at: number; outcome: string; error?: string; deadline: number };

/**
 * Records a round's decision: each look-up and send in the audit trail, and for a final decision the
 * feature's handler and the audit record in the same transaction, so the operation and the request it
 * serves never disagree. An operation waiting out its settle window tells its feature (`checking`).
 * Answers undefined when the lease was lost (another worker claimed the row again): nothing is written.
 */
export async function settleOperation(
  db: Db,
  op: OperationRow,
  decision: Decision,
  now: number,
  o: { handler?: SettledHandler; checking?: CheckingHandler; steps?: readonly RoundStep[] },
): Promise<OperationRow | undefined> {
  return db.transaction(async (tx) => {
    const final = decision.state !== 'queued';
    const [row] = await tx
      .update(ops)
      .set({
        state: decision.state,
        lockedUntil: null,
        updatedAt: now,
        result: decision.state === 'succeeded' ? decision.result : null,
        lastError: decision.state === 'succeeded' ? '' : decision.error,
        settleUntil: decision.state === 'queued' ? decision.settleUntil : null,
        ...(decision.state === 'queued' ? { nextAttemptAt: decision.nextAttemptAt } : {}),
        ...(final ? { payload: clearSecrets(op.kind, op.payload) } : {}),
      })
      .where(stillOurs(op))
      .returning();
    if (!row) return row;
    if (!final) {
      if (decision.settleUntil !== null) await o.checking?.(tx, row, decision.settleUntil);
      await auditSteps(tx, now, row, o.steps);
      return row;
    }
    const outcome: SettledOutcome =
      decision.state === 'succeeded'
        ? { ok: true, result: decision.result }
        : {
            ok: false,
            error: decision.error,
            ...(decision.code === undefined ? {} : { code: decision.code }),
          };
    await o.handler?.(tx, row, outcome);
    await auditSteps(tx, now, row, o.steps);
    await audit(tx, now, {
      actorId: null,
      action: outcome.ok ? 'platform.op.succeeded' : 'platform.op.failed',
      entity: 'platform_operation',
      entityId: row.idempotencyKey,
      after: outcome.ok
        ? { kind: row.kind, result: outcome.result, attempts: row.attempts }
        : { kind: row.kind, error: outcome.error, attempts: row.attempts },
    });
    return row;
  });
}

/** The round's look-ups and sends, one audit row each: an unknown outcome's whole story is kept. */
async function auditSteps(tx: Tx, now: number, row: OperationRow, steps: readonly RoundStep[] = []) {
  for (const step of steps) {
    await audit(tx, now, {
      actorId: null,
      action: `platform.op.${step.step}`,
      entity: 'platform_operation',
      entityId: row.idempotencyKey,
      after: { kind: row.kind, attempt: row.attempts, ...step },
    });
  }
}

/**
 * Puts an operation back in the queue after its settlement failed (a handler threw, the database
 * hiccupped). The next attempt re-resolves the outcome, so nothing is applied twice.
 */
export async function releaseOperation(
  db: Db,
  op: OperationRow,
  o: { now: number; nextAttemptAt: number; error: string; settleUntil: number | null },
): Promise<void> {
  await db
    .update(ops)
    .set({
      state: 'queued',
      lockedUntil: null,
      settleUntil: o.settleUntil,
      nextAttemptAt: o.nextAttemptAt,
      lastError: o.error,
      updatedAt: o.now,
    })
    .where(stillOurs(op));
}
