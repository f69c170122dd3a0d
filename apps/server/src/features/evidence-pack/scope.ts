import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { EVIDENCE_PACK_AUDIT_ACTION, type EvidencePackSubject } from '@brokerdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  alerts,
  bankAccounts,
  deposits,
  ibRequests,
  leverageChanges,
  subAccountRequests,
  tradingAccounts,
  transfers,
  users,
  withdrawals,
} from '../../db/schema.ts';
import { NotFound } from '../../http/errors.ts';
import { RECORD_OPERATIONS } from '../audit/record-operations.ts';

/** A table whose rows belong to a client (user_id): what a pack's scope picks rows of. */
export type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** The table of each request kind a pack can be about. */
export const REQUEST_TABLES = {
  deposit: deposits,
  withdrawal: withdrawals,
  transfer: transfers,
  bankAccount: bankAccounts,
  leverage: leverageChanges,
  subAccount: subAccountRequests,
  ibRequest: ibRequests,
} as const satisfies Record<Exclude<EvidencePackSubject, 'client'>, OwnedTable>;

/**
 * What one pack covers: the client, and which rows of each table are in it (every row of the client,
 * or the one request). Every section of the pack reads its rows through `rows(table)`, so a client's
 * pack and a request's pack are the same code over different rows.
 */
export type Scope = {
  subject: EvidencePackSubject;
  id: string;
  clientId: string;
  /** The rows of `table` the pack covers. */
  rows: (table: OwnedTable) => SQL;
  /** The alerts the pack covers: the client's, or the request's. */
  alerts: SQL;
  /** The audit records the pack covers, as a query of their ids (served by the log's indexes). */
  auditIds: SQL;
};

export async function resolveScope(db: DbOrTx, subject: EvidencePackSubject, id: string): Promise<Scope> {
  if (subject === 'client') {
    const [client] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
    // A staff member is not a client: their records are the audit trail's, not a pack's.
    if (!client || client.role === 'ADMIN' || client.role === 'SYSOP') throw new NotFound('No such client.');
    const rows = (table: OwnedTable) => sql`${table.userId} = ${id}`;
    return {
      subject,
      id,
      clientId: id,
      rows,
      alerts: sql`${alerts.userId} = ${id}`,
      auditIds: auditIdsOf(id, rows, sql`select id from alerts where user_id = ${id}`),
    };
  }
  const table: OwnedTable = REQUEST_TABLES[subject];
  const [row] = (await db.select({ userId: table.userId }).from(table).where(eq(table.id, id))) as {
    userId: string;
  }[];
  if (!row) throw new NotFound('No such request.');
  const rows = (t: OwnedTable) => (t === table ? sql`${t.id} = ${id}` : sql`false`);
  return {
    subject,
    id,
    clientId: row.userId,
    rows,
    alerts: sql`${alerts.requestId} = ${id}`,
    auditIds: sql`${auditIdsOf(null, rows, sql`select id from alerts where request_id = ${id}`)}
      union select id from audit_log where action = ${EVIDENCE_PACK_AUDIT_ACTION} and after ->> 'id' = ${id}`,
  };
}

/**
 * The ids of the audit records about the client (when given) and about every row in the pack: the
 * record names it (entity_id), names the client in before or after, or names a platform operation of
 * it (its key). A union of index look-ups (entity_id, the userId expressions), never a walk of the log.
 */
function auditIdsOf(clientId: string | null, rows: (t: OwnedTable) => SQL, alertIds: SQL): SQL {
  // Every table a pack's rows are in: the requests', and the client's trading accounts.
  const owned = [...Object.values(REQUEST_TABLES), tradingAccounts];
  const ids = sql.join(
    [...owned.map((t) => sql`select ${t.id} as id from ${t} where ${rows(t)}`), alertIds],
    sql` union all `,
  );
  const bases = sql.join(
    Object.values(RECORD_OPERATIONS).flatMap(({ table: t, prefixes }) =>
      prefixes.map((p) => sql`select ${`${p}:`} || ${t.id} as key from ${t} where ${rows(t)}`),
    ),
    sql` union all `,
  );
  const byClient = clientId
    ? sql`select id from audit_log where entity_id = ${clientId}
        union select id from audit_log where (before ->> 'userId') = ${clientId}
        union select id from audit_log where (after ->> 'userId') = ${clientId} union `
    : sql``;
  return sql`${byClient}select a.id from audit_log a where a.entity_id in (${ids})
    union select a.id from audit_log a where a.entity_id in (
      select idempotency_key from platform_operations where base_key in (${bases})
      union all select idempotency_key from platform_operations_archive where base_key in (${bases}))`;
}
