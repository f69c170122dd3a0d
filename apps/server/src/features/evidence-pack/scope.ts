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
import { LEG_KINDS } from '../funding/kinds.ts';
import { ACCOUNT_KEYS } from '../accounts/keys.ts';

type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

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

/** The operation key prefixes (deal comments) of each table's rows: `<prefix>:<row id>`. */
const OPERATION_PREFIXES: [OwnedTable, string[]][] = [
  [deposits, [LEG_KINDS.deposit.prefix]],
  [withdrawals, [LEG_KINDS.withdrawal.prefix]],
  [
    transfers,
    [
      LEG_KINDS.transfer_source.prefix,
      LEG_KINDS.transfer_destination.prefix,
      LEG_KINDS.transfer_reverse.prefix,
    ],
  ],
  [leverageChanges, [ACCOUNT_KEYS.leverage]],
  [tradingAccounts, [ACCOUNT_KEYS.create, ACCOUNT_KEYS.demoBalance, ACCOUNT_KEYS.leverage]],
];

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
  const owned = [
    deposits,
    withdrawals,
    transfers,
    bankAccounts,
    leverageChanges,
    subAccountRequests,
    ibRequests,
    tradingAccounts,
  ];
  const ids = sql.join(
    [...owned.map((t) => sql`select ${t.id} as id from ${t} where ${rows(t)}`), alertIds],
    sql` union all `,
  );
  const bases = sql.join(
    OPERATION_PREFIXES.flatMap(([t, prefixes]) =>
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
