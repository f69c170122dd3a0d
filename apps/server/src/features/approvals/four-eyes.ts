import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  FOUR_EYES_MESSAGES,
  UPDATE_STATUS_LABELS,
  secondApprovalRefusal,
  type ApprovalAction,
  type ApprovalRequestType,
  type FundingApproval,
} from '@brokerdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { approvalThresholds, fundingApprovals } from '../../db/schema.ts';
import { Conflict, Forbidden, Invalid } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { StaffContext } from '../../auth/sessions.ts';

type Row = typeof fundingApprovals.$inferSelect;

/**
 * What an approval of a request may do under four-eyes:
 * - 'single': no threshold applies (or the amount is not above it): the approval takes effect now;
 * - 'first': the amount is above the threshold and nobody approved yet: the approval is recorded and
 *   the request waits for a second one (no platform operation yet);
 * - 'second': a different staff member confirms the awaiting first approval: it takes effect now.
 */
export type Gate = { kind: 'single' } | { kind: 'first'; approval: Row } | { kind: 'second'; approval: Row };

/** What the four-eyes rule reads of a request's decision. */
export type GateRequest = {
  type: ApprovalRequestType;
  requestId: string;
  amount: number;
  currency: string;
  /** The request's amount field, for the error when the amount changed since the first approval. */
  amountField: string;
  comment: string;
  staff: StaffContext;
  now: number;
};

/**
 * Runs inside the transaction that holds the request row locked (FOR UPDATE), so approvals of one
 * request are decided one at a time; the compare-and-set on the approval's state backs that up.
 * Throws 403 when the first approver tries to give the second, 409 when the second differs from
 * the first (another decision), 400 when the amount differs from the one first approved.
 */
export async function approvalGate(tx: Tx, r: GateRequest & { action: ApprovalAction }): Promise<Gate> {
  const [open] = await tx.select().from(fundingApprovals).where(awaiting(r.type, r.requestId)).for('update');
  if (!open) {
    const [threshold] = await tx
      .select({ amount: approvalThresholds.amount })
      .from(approvalThresholds)
      .where(and(eq(approvalThresholds.requestType, r.type), eq(approvalThresholds.currency, r.currency)));
    if (!threshold || !(r.amount > threshold.amount)) return { kind: 'single' };
    const [approval] = await tx
      .insert(fundingApprovals)
      .values({
        id: newId(r.now),
        requestType: r.type,
        requestId: r.requestId,
        action: r.action,
        amount: r.amount,
        currency: r.currency,
        threshold: threshold.amount,
        state: 'awaiting',
        firstBy: r.staff.userId,
        firstAt: r.now,
        firstComment: r.comment,
      })
      .returning();
    return { kind: 'first', approval: approval! };
  }
  const refusal = secondApprovalRefusal(open, r.staff.userId, r.action);
  if (refusal === 'sameApprover') throw new Forbidden(FOUR_EYES_MESSAGES.sameApprover);
  if (refusal === 'otherAction') {
    throw new Conflict(
      `The first approval was '${UPDATE_STATUS_LABELS[open.action as ApprovalAction]}': give the same approval, or reject the request.`,
    );
  }
  if (open.amount !== r.amount) {
    throw new Invalid({
      [r.amountField]: `The first approval was for ${open.amount.toFixed(2)} ${open.currency}; set the request back to pending to change the amount.`,
    });
  }
  const [approval] = await tx
    .update(fundingApprovals)
    .set({ state: 'approved', secondBy: r.staff.userId, secondAt: r.now, secondComment: r.comment })
    .where(and(eq(fundingApprovals.id, open.id), eq(fundingApprovals.state, 'awaiting')))
    .returning();
  if (!approval) throw new Conflict('This request was approved a moment ago.');
  return { kind: 'second', approval };
}

/** A request set back to pending or rejected: its awaiting first approval lapses. */
export async function cancelAwaiting(
  tx: Tx,
  type: ApprovalRequestType,
  requestId: string,
  staff: StaffContext,
  now: number,
): Promise<Row | undefined> {
  const [cancelled] = await tx
    .update(fundingApprovals)
    .set({ state: 'cancelled', cancelledBy: staff.userId, cancelledAt: now })
    .where(awaiting(type, requestId))
    .returning();
  return cancelled;
}

/** The latest awaiting or given approval of each request, by request id. */
export async function approvalsOf(
  db: DbOrTx,
  type: ApprovalRequestType,
  requestIds: readonly string[],
): Promise<Record<string, FundingApproval>> {
  if (requestIds.length === 0) return {};
  const rows = await db
    .select()
    .from(fundingApprovals)
    .where(
      and(
        eq(fundingApprovals.requestType, type),
        inArray(fundingApprovals.requestId, [...new Set(requestIds)]),
        inArray(fundingApprovals.state, ['awaiting', 'approved']),
      ),
    )
    .orderBy(desc(fundingApprovals.firstAt), desc(fundingApprovals.id));
  const out: Record<string, FundingApproval> = {};
  for (const row of rows) out[row.requestId] ??= toWireApproval(row);
  return out;
}

export function toWireApproval(a: Row): FundingApproval {
  return {
    _id: a.id,
    requestType: a.requestType as ApprovalRequestType,
    requestId: a.requestId,
    action: a.action as ApprovalAction,
    amount: a.amount,
    currency: a.currency as FundingApproval['currency'],
    threshold: a.threshold,
    state: a.state as FundingApproval['state'],
    firstBy: a.firstBy,
    firstAt: a.firstAt,
    firstComment: a.firstComment,
    secondBy: a.secondBy,
    secondAt: a.secondAt,
    secondComment: a.secondComment,
  };
}

const awaiting = (type: string, requestId: string) =>
  and(
    eq(fundingApprovals.requestType, type),
    eq(fundingApprovals.requestId, requestId),
    eq(fundingApprovals.state, 'awaiting'),
  );
