import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FUNDING_LIST_TABS } from '@brokerdesk/contract';
import type {
  FundingListRequest,
  FundingTab,
  FundingType,
  LookupClient,
  PagedRequest,
} from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { deposits, transfers, users, withdrawals } from '../../db/schema.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import {
  planList,
  sortableColumns,
  type FieldSpec,
  type ListSpec,
  type PlannedList,
} from '../../lib/paged-query.ts';
import type { CappedTotal } from '../../lib/capped-count.ts';
import { readPage } from '../../lib/read-page.ts';
import { clientFilterField } from '../../lib/client-columns.ts';
import { toWireDeposit, toWireTransfer, toWireWithdrawal } from './rows.ts';
import { visibleToStaff } from './visibility.ts';
import { approvalsOf } from '../approvals/four-eyes.ts';
import { alertFlagsOf, flaggedCondition } from '../alerts/gate.ts';

/**
 * The time a request was decided, as its 'Approved time' column shows it: approved, else rejected, else
 * (still open, or approved while the provider pays) the request's own time. Sorting by it puts the
 * newest decisions first on the history tabs, rejections among approvals rather than all before them.
 */
function decidedAt(table: typeof deposits | typeof withdrawals): SQL {
  return sql`coalesce(${table.timeApproved}, ${table.timeRejected}, ${table.timestamp})`;
}

/**
 * The Alerts column's filter (docs/product.md [alerts.on-approval]): 'true', only the requests with an
 * open or confirmed alert; 'false', only those without. An EXISTS on the partial index of flagged alerts
 * (migration 0028): PostgreSQL starts from the few flagged alerts rather than walking the tab.
 */
function flaggedField(type: FundingType, id: AnyPgColumn): FieldSpec {
  return {
    column: flaggedCondition(type, id),
    filter: (f) => {
      const v = String(f.filterVal);
      if (v !== 'true' && v !== 'false') throw new Invalid({ 'filters.flagged': 'Expected true or false.' });
      return v === 'true' ? flaggedCondition(type, id) : sql`not ${flaggedCondition(type, id)}`;
    },
  };
}

/**
 * What every request list has: newest first, the request time, the client search and the Alerts column;
 * a list adds its own columns.
 */
function requestList(type: FundingType, table: FundingTable, fields: ListSpec['fields']): ListSpec {
  return {
    tieBreaker: table.id,
    defaultSort: { field: 'timestamp', order: 'desc' },
    fields: {
      timestamp: { column: table.timestamp, sortable: true, filter: 'number' },
      ...fields,
      client: clientFilterField(table.userId, table.clientSearch),
      flagged: flaggedField(type, table.id),
    },
  };
}

export const SPECS = {
  deposit: {
    table: deposits,
    map: toWireDeposit,
    spec: requestList('deposit', deposits, {
      timeApproved: { column: decidedAt(deposits), sortable: true, filter: 'number' },
      ...sortableColumns(deposits, {
        paymentGatewayService: 'text',
        depositPaymentName: 'text',
        transactionId: 'text',
        accountNumber: 'number',
        depositAmountSent: 'number',
        depositCurrency: 'select',
      }),
      adminId: { column: deposits.adminId, sortable: false, filter: 'select' },
    }),
    tab: (tab: FundingTab): SQL | undefined => {
      if (tab === 'pending' || tab === 'incomplete') return eq(deposits.status, tab);
      if (tab === 'historical') return notInArray(deposits.status, ['pending', 'incomplete']);
      return undefined;
    },
  },
  withdrawal: {
    table: withdrawals,
    map: toWireWithdrawal,
    spec: requestList('withdrawal', withdrawals, {
      timeApproved: { column: decidedAt(withdrawals), sortable: true, filter: 'number' },
      ...sortableColumns(withdrawals, {
        gateway: 'text',
        withdrawalPaymentName: 'text',
        withdrawalType: 'select',
        requestId: 'text',
        accountNumber: 'number',
        withdrawalAmount: 'number',
        withdrawalCurrency: 'select',
      }),
    }),
    tab: (tab: FundingTab): SQL | undefined => {
      if (tab === 'pending') return and(eq(withdrawals.status, 'pending'), visibleToStaff);
      if (tab === 'incomplete' || tab === 'error') return eq(withdrawals.status, tab);
      if (tab === 'historical') return notInArray(withdrawals.status, ['pending', 'incomplete', 'error']);
      return undefined;
    },
  },
  transfer: {
    table: transfers,
    map: toWireTransfer,
    spec: requestList('transfer', transfers, {
      // When it was decided (a transfer keeps its decision times by status); still open: its request time.
      timeDecided: {
        column: sql`coalesce((${transfers.times} ->> 'approved')::bigint, (${transfers.times} ->> 'rejected')::bigint, ${transfers.timestamp})`,
        sortable: true,
      },
      ...sortableColumns(transfers, {
        sourceAccount: 'number',
        destinationAccount: 'number',
        transferAmount: 'number',
        transferCurrency: 'select',
      }),
      sourceMTStatus: { column: transfers.sourceMtStatus, sortable: true, filter: 'text' },
      destinationMTStatus: { column: transfers.destinationMtStatus, sortable: true, filter: 'text' },
    }),
    tab: (tab: FundingTab): SQL | undefined => {
      if (tab === 'pending' || tab === 'approved' || tab === 'rejected') return eq(transfers.status, tab);
      if (tab === 'historical') return notInArray(transfers.status, ['pending']);
      return undefined;
    },
  },
} as const;

/** The where and order of a request-list tab (also what its CSV export runs). */
export function planFundingList(type: FundingType, status: FundingTab, req: PagedRequest): PlannedList {
  if (!(FUNDING_LIST_TABS[type] as readonly FundingTab[]).includes(status)) {
    throw new Invalid({ status: `There is no ${status} tab for ${type}s.` });
  }
  return planList(SPECS[type].spec, req, [SPECS[type].tab(status)]);
}

/**
 * The request lists (docs/product.md [screen.transfers], [screen.withdrawals], [screen.deposits]), with the
 * clients they mention looked up by id.
 */
export async function listFunding(db: Db, req: FundingListRequest & PagedRequest) {
  return page(db, req.type, planFundingList(req.type, req.status, req));
}

/** A client's own funding history (profile card). */
export async function fundingHistory(
  db: Db,
  userId: string,
  type: FundingType,
  approvedOnly: boolean,
  req: PagedRequest,
) {
  const { table, spec } = SPECS[type];
  return page(
    db,
    type,
    planList(spec, req, [eq(table.userId, userId), approvedOnly ? eq(table.status, 'approved') : undefined]),
  );
}

/** One request by id, shaped as its list shows it (a deep link to its update modal). */
export async function getFundingRequest(db: Db, type: FundingType, id: string) {
  const { table, map } = SPECS[type];
  const from = table as typeof deposits;
  const [row] = await db.select().from(from).where(eq(from.id, id)).limit(1);
  if (!row) throw new NotFound(`No such ${type}.`);
  return {
    data: {
      request: (map as (x: never) => FundingRow)(row as never),
      clients: await lookupClients(db, [row.userId]),
      approvals: await approvalsOf(db, type, [row.id]),
      alerts: await alertFlagsOf(db, type, [row.id]),
    },
  };
}

async function page(db: Db, type: FundingType, plan: PlannedList) {
  const { table, map } = SPECS[type];
  const { rows, total, clients } = await pageOf(db, table, plan);
  return {
    data: {
      clients,
      transfers: (rows as never[]).map((r) => (map as (x: never) => FundingRow)(r)),
      ...total,
      approvals: await approvalsOf(
        db,
        type,
        rows.map((r) => r.id),
      ),
      alerts: await alertFlagsOf(
        db,
        type,
        rows.map((r) => r.id),
      ),
    },
  };
}

type FundingTable = typeof deposits | typeof withdrawals | typeof transfers;
type FundingRow = ReturnType<(typeof SPECS)[FundingType]['map']>;

/** One page of a funding table with its total and the clients its rows name. */
export async function pageOf<T extends FundingTable>(
  db: Db,
  table: T,
  plan: PlannedList,
): Promise<{ rows: T['$inferSelect'][]; total: CappedTotal; clients: Record<string, LookupClient> }> {
  const { rows, total } = await readPage(db, table, plan);
  return {
    rows,
    total,
    clients: await lookupClients(
      db,
      rows.map((r) => r.userId),
    ),
  };
}

export async function lookupClients(db: DbOrTx, ids: string[]): Promise<Record<string, LookupClient>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return {};
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return Object.fromEntries(rows.map(({ id, ...c }) => [id, c]));
}
