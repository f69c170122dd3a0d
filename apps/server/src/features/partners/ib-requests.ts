import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_STATUS_CODE, introducerLink, type PagedRequest } from '@brokerdesk/contract';
import type { Db, Tx } from '../../db/client.ts';
import { ibCodes, ibRequests, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { planList, type ListSpec } from '../../lib/paged-query.ts';
import { readPage } from '../../lib/read-page.ts';
import { writeClientLog } from '../clients/client-log.ts';
import { clientEmailField, clientNameField } from '../../lib/client-columns.ts';
import { lockQuota, nextAgentCode, spendIbCode } from './quota.ts';
import { introducerCode } from './random-codes.ts';
import { toWireIbCode, toWireIbRequest } from './rows.ts';
import { staffName, type Staff } from './staff.ts';
import { assertMayActOn } from '../../auth/acting-on.ts';

/** Requests staff may still decide: pending, or 'error' (an earlier attempt failed and may be retried). */
const OPEN = ['pending', 'error'];
const isOpen = sql`(${ibRequests.status} in ('pending', 'error'))`;

/** The columns the list sorts and filters by; the client's fields are read from users by sub-select. */
const IB_REQUESTS: ListSpec = {
  tieBreaker: ibRequests.id,
  defaultSort: { field: 'timestamp', order: 'desc' },
  fields: {
    timestamp: { column: ibRequests.timestamp, sortable: true, filter: 'number' },
    clientName: clientNameField(ibRequests),
    email: clientEmailField(ibRequests),
    agentCode: {
      column: sql`(select ${users.agentCode} from ${users} where ${users.id} = ${ibRequests.userId})`,
      sortable: true,
      filter: (f) => {
        const n = f.numericVal ?? Number(f.filterVal);
        if (!Number.isSafeInteger(n)) throw new Invalid({ 'filters.agentCode': 'Expected a number.' });
        return inArray(ibRequests.userId, sql`(select id from users where ${eq(users.agentCode, n)})`);
      },
    },
    status: { column: ibRequests.status, sortable: true, filter: 'select' },
  },
};

/** The where and order of an IB request view; without a sortField open requests come first (SPEC 2.12). */
export function planIbRequests(req: PagedRequest) {
  const plan = planList(IB_REQUESTS, req);
  const orderBy = req.sortField
    ? plan.orderBy
    : [desc(isOpen), desc(ibRequests.timestamp), desc(ibRequests.id)];
  return { ...plan, orderBy };
}

/** IB requests (SPEC 2.12): the list, and approving (the client becomes a partner) or rejecting. */
export class IbRequestsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  /** One server page; without a sortField open requests come first, then the newest (SPEC 2.12). */
  async list(req: PagedRequest) {
    const plan = planIbRequests(req);
    const { rows, total } = await readPage(this.db, ibRequests, plan);
    return {
      requestsData: rows.map(toWireIbRequest),
      usersData: await this.people(rows.map((r) => r.userId)),
      ...total,
    };
  }

  /** The clients of some requests by id, with their agent codes (the list's usersData). */
  private async people(userIds: readonly string[]) {
    const ids = [...new Set(userIds)];
    const people =
      ids.length === 0
        ? []
        : await this.db
            .select({
              id: users.id,
              name: users.name,
              surname: users.surname,
              email: users.email,
              agentCode: users.agentCode,
            })
            .from(users)
            .where(inArray(users.id, ids));
    return Object.fromEntries(people.map(({ id, ...p }) => [id, p]));
  }

  /** One request by id with its client, as the list shows it (a deep link to a request off the page). */
  async one(id: string) {
    const [row] = await this.db.select().from(ibRequests).where(eq(ibRequests.id, id)).limit(1);
    if (!row) throw new NotFound('No such IB request.');
    return { requestData: toWireIbRequest(row), usersData: await this.people([row.userId]) };
  }

  /**
   * `requestId`: decide that request (a bulk decision on the rows staff ticked), else the client's open
   * request if there is one, else their latest (which then answers 409).
   */
  async process(
    input: { userId: string; status: 'approved' | 'rejected'; comment: string; requestId?: string },
    staff: Staff,
  ) {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(ibRequests)
        .where(
          input.requestId
            ? and(eq(ibRequests.id, input.requestId), eq(ibRequests.userId, input.userId))
            : eq(ibRequests.userId, input.userId),
        )
        .orderBy(desc(isOpen), desc(ibRequests.timestamp), desc(ibRequests.id))
        .limit(1)
        .for('update');
      if (!before) throw new NotFound('This client has no IB request.');
      if (!OPEN.includes(before.status)) throw new Conflict(`This IB request is already ${before.status}.`);
      const agentCode =
        input.status === 'approved' ? await this.makePartner(tx, input.userId, staff, now) : undefined;
      const [after] = await tx
        .update(ibRequests)
        .set({ status: input.status, comment: input.comment, errorMessage: '' })
        .where(eq(ibRequests.id, before.id))
        .returning();
      const outcome = agentCode ? `approved, agent code ${agentCode}` : 'rejected';
      await writeClientLog(tx, {
        userId: input.userId,
        event: `IB request ${outcome}: ${input.comment}`,
        actionedBy: staff.userId,
        customName: staffName(staff),
        now,
      });
      await audit(tx, now, {
        actorId: staff.userId,
        action: `ib-request.${input.status}`,
        entity: 'ib_request',
        entityId: before.id,
        before: toWireIbRequest(before),
        after: toWireIbRequest(after!),
        ip: staff.ip,
      });
      return agentCode
        ? {
            success: true,
            message: `The IB request was approved. The client is now a partner with agent code ${agentCode}.`,
            agentCode,
          }
        : { success: true, message: 'The IB request was rejected.' };
    });
  }

  /** A bulk decision on one request by its id (issue 20): the same rules as processIbRequest. */
  async decide(requestId: string, status: 'approved' | 'rejected', comment: string, staff: Staff) {
    const [row] = await this.db
      .select({ userId: ibRequests.userId })
      .from(ibRequests)
      .where(eq(ibRequests.id, requestId));
    if (!row) throw new NotFound('No such IB request.');
    // processIbRequest's `actsOn` rule, for the client this request names.
    await assertMayActOn(this.db, staff, row.userId);
    return this.process({ userId: row.userId, status, comment, requestId }, staff);
  }

  /** Makes the client a PARTNER with a new agent code and its introducer row, spending one IB slot. */
  private async makePartner(tx: Tx, userId: string, staff: Staff, now: number): Promise<number> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new NotFound('No such user.');
    if (user.role === 'PARTNER') throw new Conflict('This client is already a partner.');
    if (user.role !== 'USER') throw new Invalid({ userId: 'Only clients can become partners.' });
    await spendIbCode(tx, await lockQuota(tx));
    const agentCode = await nextAgentCode(tx);
    const [ib] = await tx
      .insert(ibCodes)
      .values({
        id: newId(now),
        name: `${user.name} ${user.surname}`.trim(),
        code: introducerCode(),
        agentCode,
        statusCode: DEFAULT_STATUS_CODE,
        link: introducerLink(this.publicUrl, agentCode),
        timestamp: now,
        timeCreated: now,
        timeApproved: now,
      })
      .returning();
    // A referred client carried their introducer's code in agentCode; the audit keeps it.
    await tx.update(users).set({ role: 'PARTNER', agentCode }).where(eq(users.id, userId));
    await audit(tx, now, {
      actorId: staff.userId,
      action: 'client.made-partner',
      entity: 'user',
      entityId: userId,
      before: { role: user.role, agentCode: user.agentCode },
      after: { role: 'PARTNER', agentCode, introducer: toWireIbCode(ib!) },
      ip: staff.ip,
    });
    return agentCode;
  }
}
