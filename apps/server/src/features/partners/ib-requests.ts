import { desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_STATUS_CODE, introducerLink, type PagedRequest } from '@brokerdesk/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { ibCodes, ibRequests, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { planList, sortableColumns, type ListSpec } from '../../lib/paged-query.ts';
import { readPage } from '../../lib/read-page.ts';
import { clientEmailField, clientNameField } from '../../lib/client-columns.ts';
import { lockQuota, nextAgentCode, spendIbCode } from './quota.ts';
import { introducerCode } from './random-codes.ts';
import { toWireIbCode, toWireIbRequest } from './rows.ts';
import { type Staff } from './staff.ts';

/** Open requests first: the kind's open statuses (pending, or 'error': an approval that failed). */
export const isOpen = sql`(${ibRequests.status} in ('pending', 'error'))`;

/** The columns the list sorts and filters by; the client's fields are read from users by sub-select. */
const IB_REQUESTS: ListSpec = {
  tieBreaker: ibRequests.id,
  defaultSort: { field: 'timestamp', order: 'desc' },
  fields: {
    ...sortableColumns(ibRequests, { timestamp: 'number', status: 'select' }),
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
  },
};

/**
 * The where and order of an IB request view; without a sortField open requests come first
 * (docs/product.md [screen.ib-requests]).
 */
export function planIbRequests(req: PagedRequest) {
  const plan = planList(IB_REQUESTS, req);
  const orderBy = req.sortField
    ? plan.orderBy
    : [desc(isOpen), desc(ibRequests.timestamp), desc(ibRequests.id)];
  return { ...plan, orderBy };
}

/**
 * IB requests (docs/product.md [screen.ib-requests]): the list, and approving (the client becomes a partner)
 * or rejecting.
 */
export type ClientWithAgentCode = { name: string; surname: string; email: string; agentCode: number | null };

/**
 * The clients of some requests by id, with their agent codes, in one query: the list's usersData and
 * the export's client columns.
 */
export async function clientsWithAgentCodes(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Record<string, ClientWithAgentCode>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return {};
  const people = await db
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

export class IbRequestsService {
  constructor(private readonly db: Db) {}

  /**
   * One server page; without a sortField open requests come first, then the newest
   * (docs/product.md [screen.ib-requests]).
   */
  async list(req: PagedRequest) {
    const plan = planIbRequests(req);
    const { rows, total } = await readPage(this.db, ibRequests, plan);
    return {
      requestsData: rows.map(toWireIbRequest),
      usersData: await clientsWithAgentCodes(
        this.db,
        rows.map((r) => r.userId),
      ),
      ...total,
    };
  }

  /** One request by id with its client, as the list shows it (a deep link to a request off the page). */
  async one(id: string) {
    const [row] = await this.db.select().from(ibRequests).where(eq(ibRequests.id, id)).limit(1);
    if (!row) throw new NotFound('No such IB request.');
    return {
      requestData: toWireIbRequest(row),
      usersData: await clientsWithAgentCodes(this.db, [row.userId]),
    };
  }
}

/** Makes the client a PARTNER with a new agent code and its introducer row, spending one IB slot. */
export async function makePartner(
  tx: Tx,
  publicUrl: string,
  userId: string,
  staff: Staff,
  now: number,
): Promise<number> {
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
      link: introducerLink(publicUrl, agentCode),
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
