import {
  AMOUNT_TOO_SMALL,
  roundsToZero,
  FOUR_EYES_MESSAGES,
  type FundingApproval,
} from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid } from '../../http/errors.ts';
import { staffName, type StaffContext } from '../../auth/sessions.ts';
import { writeClientLog } from '../clients/client-log.ts';
import { approvalGate, cancelAwaiting, toWireApproval, type GateRequest } from '../approvals/four-eyes.ts';
import type { PlannedUpdate } from './transitions.ts';
import {
  errorText,
  hasOpenOperation,
  keyReference,
  keysOfRequest,
  nextOperationKey as nextKey,
} from '../../operations/index.ts';
import type { DealFinder } from '../requests/deps.ts';

/**
 * What deposits, withdrawals and transfers share: the checks on a decision's input, the record every
 * decision leaves (client log line and audit row), and the keys of their platform operations.
 */

export type RejectKind = 'deposit' | 'withdrawal' | 'transfer';

/** A modified deal amount must be given (the update modal's "Modify deal amount"). */
export function checkDealAmount(
  input: { modifyDealAmount?: boolean },
  field: string,
  value: number | undefined,
): void {
  if (input.modifyDealAmount && value === undefined) throw new Invalid({ [field]: 'Enter the deal amount.' });
}

/**
 * The client log line and the audit row of a decision, in the decision's transaction. The audit row
 * is the transaction's last write (audit/audit.ts holds the chain until commit).
 */
export async function recordDecision(
  tx: Tx,
  d: {
    staff: StaffContext | null;
    now: number;
    userId: string;
    event: string;
    action: string;
    entity: RejectKind;
    entityId: string;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await writeClientLog(tx, {
    userId: d.userId,
    event: d.event,
    actionedBy: d.staff?.userId ?? '',
    customName: d.staff ? staffName(d.staff) : 'AUTOMATION',
    now: d.now,
  });
  await audit(tx, d.now, {
    actorId: d.staff?.userId ?? null,
    action: d.action,
    entity: d.entity,
    entityId: d.entityId,
    before: d.before,
    after: d.after,
  });
}

/** The request id inside an operation key: 'dep:<id>' and its repeats 'dep:<id>:<n>'. */
export const requestIdOf = keyReference;

/**
 * The key for the next operation of a request (operations/queries.ts): `base`, then `base:1` ...;
 * 409 once the request has had every repeat a deal comment allows.
 */
export async function nextOperationKey(tx: DbOrTx, base: string): Promise<string> {
  const key = await nextKey(tx, base);
  if (key === null) {
    throw new Conflict('This request was sent to the platform too many times; handle it on the platform.');
  }
  return key;
}

/** Refuses (409) while an operation of the request is still queued or running: its outcome is not known. */
export async function assertNoOperationRunning(tx: DbOrTx, bases: readonly string[]): Promise<void> {
  if (await hasOpenOperation(tx, bases)) {
    throw new Conflict('The platform is still working on this request. Try again in a moment.');
  }
}

export { isFailedMtStatus } from '@brokerdesk/contract';

export type { DealFinder } from '../requests/deps.ts';

/**
 * Refuses (409) to reject a request the platform already holds a deal for, under any key its legs can
 * have had. After a restore from backup a request can be open again in the console while its money
 * moved: rejecting it would leave that deal unexplained. Approving it settles it with the deal found
 * (the worker looks before it sends). A platform that cannot be read refuses the rejection too: it
 * could not be checked. Runs outside any transaction, before the decision's.
 */
export async function assertNoDealOnPlatform(
  finder: DealFinder | undefined,
  kind: RejectKind,
  legs: readonly { login: number; base: string }[],
  since: number,
): Promise<void> {
  if (!finder) return;
  for (const leg of legs) {
    let deal: Awaited<ReturnType<DealFinder['findDeal']>>;
    try {
      deal = await finder.findDeal(leg.login, keysOfRequest(leg.base), since);
    } catch (err) {
      throw new Conflict(
        `${finder.name} could not be checked for a deal of this ${kind} (${errorText(err)}); try the rejection again when it answers.`,
      );
    }
    if (deal) {
      throw new Conflict(
        `${finder.name} already holds deal ${deal.deal} (${deal.comment}) for this ${kind} on account ${leg.login}: it cannot be rejected. Approve it to record that deal.`,
      );
    }
  }
}

/**
 * Four-eyes around a planned decision: an approval above its threshold is held as the first
 * one ('first': record it and leave the request open) or completes an awaiting one ('go' with both
 * approvers); any other decision lets an awaiting first approval lapse.
 */
export async function fourEyes(
  tx: Tx,
  plan: PlannedUpdate,
  r: GateRequest,
): Promise<{ kind: 'first' | 'go'; approval: FundingApproval | null }> {
  if (plan.status !== 'approved') {
    await cancelAwaiting(tx, r.type, r.requestId, r.staff, r.now);
    return { kind: 'go', approval: null };
  }
  // Every approval passes here: one that would move 0.00 (a stored amount that rounds to zero) is bad input.
  if (roundsToZero(r.amount)) throw new Invalid({ [r.amountField]: AMOUNT_TOO_SMALL });
  const gate = await approvalGate(tx, { ...r, action: plan.process ? 'approve_process' : 'approved' });
  if (gate.kind === 'single') return { kind: 'go', approval: null };
  return { kind: gate.kind === 'first' ? 'first' : 'go', approval: toWireApproval(gate.approval) };
}

/** The log line of a first approval, and what the staff member is told. */
export const firstApprovalNote = (approval: FundingApproval) =>
  `first approval (above the four-eyes threshold of ${approval.threshold.toFixed(2)} ${approval.currency}); ${FOUR_EYES_MESSAGES.awaitingSecond.toLowerCase()}`;

/**
 * The platform look-up a rejection of a one-leg request makes first (assertNoDealOnPlatform), for a
 * kind's beforeDecision: reads the request's account and creation time, then its deal by its keys.
 */
export function lookForDealBeforeRejecting(
  kind: RejectKind,
  table: PgTable & { id: PgColumn; accountNumber: PgColumn; timestamp: PgColumn },
  baseKey: (id: string) => string,
) {
  return async (input: { id: string; status: string }, deps: { db: DbOrTx; deals?: DealFinder }) => {
    if (input.status !== 'rejected') return;
    const [r] = await deps.db
      .select({ login: table.accountNumber, since: table.timestamp })
      .from(table)
      .where(eq(table.id, input.id));
    if (!r) return; // the decision answers 404
    const legs = [{ login: Number(r.login), base: baseKey(input.id) }];
    await assertNoDealOnPlatform(deps.deals, kind, legs, Number(r.since));
  };
}

/** The reply of a money decision: the row as the list shows it, the words, and any four-eyes approval. */
export const fundingReply =
  <Row, Wire>(usual: string, toWire: (row: Row) => Wire) =>
  (row: Row, decided: { message?: string; approval?: FundingApproval | null }) => ({
    success: true as const,
    message: decided.message ?? usual,
    request: toWire(row),
    approval: decided.approval ?? null,
  });
