import type {
  ApprovalRequestType,
  FundingApproval,
  RequestKindWire,
  UpdateStatus,
} from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Conflict } from '../../http/errors.ts';
import { enqueueOperation, type EnqueueInput } from '../../operations/index.ts';
import type { OperationInputPayloads, OperationKind } from '../../operations/kinds.ts';
import { assertNoOperationRunning, fourEyes, nextOperationKey } from '../funding/decisions.ts';
import { planUpdate, type PlannedUpdate } from '../funding/transitions.ts';
import type { Decided, DecisionContext, DecisionInput } from './kind.ts';

/** What the four-eyes rule reads of a request: its type, the amount it would move and the currency. */
export type FourEyesFacts = {
  type: ApprovalRequestType;
  amount: number;
  currency: string;
  amountField: string;
};

export type Planned = { plan: PlannedUpdate; first: boolean; approval: FundingApproval | null };

/**
 * The usual decision of an open request: the status choice planned against the kind's open statuses
 * (409 once it is decided), then, for a kind that moves money, four-eyes: an approval above its
 * threshold is held as the first one (`first`: record it and leave the request open).
 */
export async function planDecision(
  ctx: Pick<DecisionContext<unknown, DecisionInput>, 'tx' | 'staff' | 'now'>,
  wire: Pick<RequestKindWire, 'label' | 'open'>,
  request: { id: string; status: string; target: UpdateStatus; comment: string },
  facts?: FourEyesFacts,
): Promise<Planned> {
  const plan = planUpdate(request.status, wire.open, request.target);
  if (!plan) throw new Conflict(`This ${wire.label} is already ${request.status}.`);
  if (!facts) return { plan, first: false, approval: null };
  const gate = await fourEyes(ctx.tx, plan, {
    ...facts,
    requestId: request.id,
    comment: request.comment,
    staff: ctx.staff,
    now: ctx.now,
  });
  return { plan, first: gate.kind === 'first', approval: gate.approval };
}

/**
 * Queues a platform operation of a request under its next key (`base`, then `base:1` ...): the first
 * one at approval, or a repeat after the platform refused one (a refused one moved nothing).
 */
export async function sendToPlatform(
  ctx: Pick<DecisionContext<unknown, DecisionInput>, 'tx' | 'now'>,
  base: string,
  op: PlatformWork,
): Promise<string> {
  const key = await nextOperationKey(ctx.tx, base);
  await enqueueOperation(ctx.tx, { ...op, key, now: ctx.now } as EnqueueInput);
  return key;
}

/** One operation for the outbox: its kind and the payload that kind stores. */
export type PlatformWork = {
  [K in OperationKind]: { kind: K; payload: OperationInputPayloads[K] };
}[OperationKind];

/** ': the comment' when there is one, for log lines. */
export const withComment = (comment: string) => (comment ? `: ${comment}` : '');

/**
 * Rejects an approved deposit or withdrawal whose credit or debit the platform refused: once no
 * operation of it is running, the row turns 'rejected' with its platform status cleared, and the client
 * hears of it. Both kinds reject such a request the same way; only the table, the leg's word and a
 * withdrawal's own field to clear (`extra`) differ.
 */
export async function rejectRefusedLeg<Row extends { id: string; mtStatus: string }>(
  { tx, before, input, staff, now }: DecisionContext<Row, DecisionInput>,
  refused: {
    table: PgTable & { id: PgColumn };
    operationKey: string;
    /** 'Deposit of 100.00 USD to 1001', for the log line. */
    described: string;
    leg: 'credit' | 'debit';
    extra?: Record<string, unknown>;
  },
): Promise<Decided<Row>> {
  await assertNoOperationRunning(tx, [refused.operationKey]);
  const [after] = await tx
    .update(refused.table)
    .set({
      status: 'rejected',
      mtStatus: '',
      comment: input.comment,
      timeRejected: now,
      adminId: staff.userId,
      ...refused.extra,
    })
    .where(eq(refused.table.id, before.id))
    .returning();
  return {
    after: after as Row,
    action: 'rejected',
    event: `${refused.described} rejected after the platform refused the ${refused.leg} (${before.mtStatus})${withComment(input.comment)}`,
    notify: true,
  };
}
