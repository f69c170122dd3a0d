import { and, desc, eq } from 'drizzle-orm';
import { REQUEST_KIND_WIRES, calls } from '@brokerdesk/contract';
import { ibRequests } from '../../db/schema.ts';
import { NotFound } from '../../http/errors.ts';
import { assertMayActOn } from '../../auth/acting-on.ts';
import { defineRequestKind, requestTable } from '../requests/kind.ts';
import { planDecision } from '../requests/planned.ts';
import { toWireIbRequest } from './rows.ts';
import { isOpen, makePartner } from './ib-requests.ts';
import { ibRequestsExport } from './export.ts';

type Row = typeof ibRequests.$inferSelect;
/** A decision names the client; `id` the request when known (a list row), else '' for their open one. */
export type IbDecision = { id: string; userId: string; status: 'approved' | 'rejected'; comment: string };
const WIRE = REQUEST_KIND_WIRES.ibRequest;

/**
 * IB requests: approving one makes the client a partner with a new agent code (spending an IB slot);
 * staff give a comment either way.
 */
export const ibRequestKind = defineRequestKind<Row, IbDecision>()({
  wire: WIRE,
  ...requestTable<Row>(ibRequests, 'No such IB request.'),
  audit: { entity: 'ib_request', prefix: 'ib-request', wire: toWireIbRequest, keepsIp: true },
  export: ibRequestsExport,
  // The client named must be one this staff member may act on (a list row names it by the request).
  beforeDecision: (input, deps, staff) => assertMayActOn(deps.db, staff, input.userId),
  // The client's open request if there is one, else their latest (which then answers 409).
  lock: async (tx, input) => {
    const [row] = await tx
      .select()
      .from(ibRequests)
      .where(
        input.id
          ? and(eq(ibRequests.id, input.id), eq(ibRequests.userId, input.userId))
          : eq(ibRequests.userId, input.userId),
      )
      .orderBy(desc(isOpen), desc(ibRequests.timestamp), desc(ibRequests.id))
      .limit(1)
      .for('update');
    if (!row) throw new NotFound('This client has no IB request.');
    return row;
  },
  decide: async (ctx) => {
    const { tx, before, input, staff, now, deps } = ctx;
    await planDecision(ctx, WIRE, { ...before, target: input.status, comment: input.comment });
    const agentCode =
      input.status === 'approved'
        ? await makePartner(tx, deps.publicUrl, input.userId, staff, now)
        : undefined;
    const [after] = await tx
      .update(ibRequests)
      .set({ status: input.status, comment: input.comment, errorMessage: '' })
      .where(eq(ibRequests.id, before.id))
      .returning();
    const outcome = agentCode ? `approved, agent code ${agentCode}` : 'rejected';
    return {
      after: after!,
      action: input.status,
      event: `IB request ${outcome}: ${input.comment}`,
      message: agentCode
        ? `The IB request was approved. The client is now a partner with agent code ${agentCode}.`
        : 'The IB request was rejected.',
      replyExtra: agentCode ? { agentCode } : {},
    };
  },
  reply: (_r, decided) => ({ success: true as const, message: decided.message!, ...decided.replyExtra }),
  bulk: {
    call: calls.bulk.BULK_CALLS.ibRequest,
    approve: (r, reason) => ({ id: r.id, userId: r.userId, status: 'approved', comment: reason }),
    reject: (r, reason) => ({ id: r.id, userId: r.userId, status: 'rejected', comment: reason }),
  },
});
