import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { deposits, transfers, withdrawals } from '../../db/schema.ts';
import {
  fundingApprovals,
  platformOperations,
  platformOperationsArchive,
  reconciliationMismatches,
  reconciliationReports,
} from '../../db/schema.ts';
import { text, when } from './format.ts';
import { cursor, withoutSearchCopies, type PackContext, type Row, type Section } from './sections.ts';

type FundingCells = { amount: (r: Row) => string; method: (r: Row) => string; account: (r: Row) => string };

/**
 * One funding table, each row with what decided it: its four-eyes approvals, the platform operations that
 * carried it out (their keys, which are the deal comments, and the deal ids), and what reconciliation
 * found about it. The look-ups run once per batch of rows.
 */
export function fundingSection(
  c: PackContext,
  who: (id: unknown) => string,
  key: string,
  title: string,
  table: typeof deposits | typeof withdrawals | typeof transfers,
  requestType: 'deposit' | 'withdrawal' | 'transfer',
  prefixes: string[],
  cells: FundingCells,
): Section {
  const tableName = sql.identifier(
    requestType === 'deposit' ? 'deposits' : requestType === 'withdrawal' ? 'withdrawals' : 'transfers',
  );
  const query = sql`select * from ${tableName} where ${c.scope.rows(table)} order by timestamp, id`;
  return {
    key,
    title,
    shape: 'table',
    empty: `No ${title.toLowerCase()}.`,
    rows: cursor(c.db, table, query, (tx, rows) => fundingFacts(tx, rows, requestType, prefixes)),
    columns: [
      { header: 'Asked', width: 2, cell: (r) => when(r.timestamp as number) },
      { header: 'Amount', width: 2, cell: cells.amount },
      { header: 'Account / method', width: 2, cell: (r) => `${cells.account(r)} ${cells.method(r)}`.trim() },
      { header: 'Status', width: 2, cell: (r) => text(r.status) },
      { header: 'Decided by', width: 3, cell: (r) => decidedBy(r, who) },
      {
        header: 'Deal ids',
        width: 2,
        cell: (r) => (r.deals as Row[]).map((d) => `${text(d.dealId) || '-'} (${text(d.state)})`).join(', '),
      },
      { header: 'Reconciliation', width: 2, cell: (r) => text((r.reconciliation as Row).status) },
    ],
  };
}

function decidedBy(r: Row, who: (id: unknown) => string): string {
  const approvals = (r.approvals as Row[]).map((a) =>
    a.state === 'cancelled'
      ? `four-eyes cancelled by ${who(a.cancelledBy)}`
      : `${who(a.firstBy)}, ${when(a.firstAt as number)}${a.secondBy ? `; second: ${who(a.secondBy)}, ${when(a.secondAt as number)}` : ', awaiting a second approver'}`,
  );
  if (approvals.length > 0) return approvals.join('; ');
  const at = (r.timeApproved ?? r.timeRejected) as number | null;
  return r.adminId ? `${who(r.adminId)}${at ? `, ${when(at)}` : ''}` : '';
}

async function fundingFacts(
  tx: DbOrTx,
  batch: Row[],
  requestType: 'deposit' | 'withdrawal' | 'transfer',
  prefixes: string[],
): Promise<Row[]> {
  const ids = batch.map((r) => r.id as string);
  const bases = ids.flatMap((id) => prefixes.map((p) => `${p}:${id}`));
  const approvals = await tx
    .select()
    .from(fundingApprovals)
    .where(and(eq(fundingApprovals.requestType, requestType), inArray(fundingApprovals.requestId, ids)))
    .orderBy(asc(fundingApprovals.firstAt));
  const opColumns = (t: typeof platformOperations | typeof platformOperationsArchive) => ({
    key: t.idempotencyKey,
    baseKey: t.baseKey,
    kind: t.kind,
    login: t.login,
    state: t.state,
    result: t.result,
    lastError: t.lastError,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  });
  const ops = [
    ...(await tx
      .select(opColumns(platformOperations))
      .from(platformOperations)
      .where(inArray(platformOperations.baseKey, bases))),
    ...(await tx
      .select(opColumns(platformOperationsArchive))
      .from(platformOperationsArchive)
      .where(inArray(platformOperationsArchive.baseKey, bases))),
  ];
  const mismatches = await tx
    .select({
      reportId: reconciliationMismatches.reportId,
      kind: reconciliationMismatches.kind,
      requestId: reconciliationMismatches.requestId,
      leg: reconciliationMismatches.leg,
      dealId: reconciliationMismatches.dealId,
      expectedAmount: reconciliationMismatches.expectedAmount,
      dealAmount: reconciliationMismatches.dealAmount,
      note: reconciliationMismatches.note,
      critical: reconciliationMismatches.critical,
      reportedAt: reconciliationReports.startedAt,
    })
    .from(reconciliationMismatches)
    .innerJoin(reconciliationReports, eq(reconciliationReports.id, reconciliationMismatches.reportId))
    .where(
      and(
        eq(reconciliationMismatches.requestType, requestType),
        inArray(reconciliationMismatches.requestId, ids),
      ),
    );
  // The finished runs whose period covers the batch's decisions: a row decided inside one, with no
  // mismatch, was matched with its deal.
  const decidedAt = (r: Row) =>
    (r.timeApproved as number | null) ?? ((r.times as Row | null)?.approved as number | undefined) ?? null;
  const times = batch.map(decidedAt).filter((t): t is number => t !== null);
  const runs =
    times.length === 0
      ? []
      : await tx
          .select({
            from: reconciliationReports.periodFrom,
            to: reconciliationReports.periodTo,
            login: reconciliationReports.login,
          })
          .from(reconciliationReports)
          .where(
            sql`${reconciliationReports.status} in ('ok', 'mismatches') and ${reconciliationReports.periodFrom} <= ${Math.max(...times)} and ${reconciliationReports.periodTo} >= ${Math.min(...times)}`,
          )
          .orderBy(desc(reconciliationReports.startedAt))
          .limit(1000);
  return batch.map((row) => {
    const id = row.id as string;
    const own = (base: unknown) => prefixes.some((p) => base === `${p}:${id}`);
    const found = mismatches.filter((m) => m.requestId === id);
    const at = decidedAt(row);
    const logins = [row.accountNumber, row.sourceAccount, row.destinationAccount].filter(
      (l) => l !== undefined,
    );
    const covered =
      at !== null &&
      runs.some((r) => r.from <= at && at <= r.to && (r.login === null || logins.includes(r.login)));
    return {
      ...withoutSearchCopies(row),
      approvals: approvals.filter((a) => a.requestId === id),
      deals: ops.filter((o) => own(o.baseKey)).map((o) => ({ ...o, dealId: dealIdOf(o.result) })),
      reconciliation: {
        status:
          found.length > 0
            ? 'mismatch'
            : covered
              ? 'matched'
              : at === null
                ? 'not decided'
                : 'not reconciled yet',
        mismatches: found,
      },
    };
  });
}

const dealIdOf = (result: unknown): string | null => {
  const deal = result && typeof result === 'object' ? (result as Row).deal : undefined;
  return deal === undefined || deal === null ? null : String(deal);
};
