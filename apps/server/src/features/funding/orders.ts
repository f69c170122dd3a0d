import { sql } from 'drizzle-orm';
import type {
  Filter,
  PagedRequest,
  WithdrawalOrdersQuery,
  withdrawalOrdersQuery,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withdrawals } from '../../db/schema.ts';
import { planList, sortableColumns, type ListSpec } from '../../lib/paged-query.ts';
import { pageOf } from './list.ts';
import { clientFilterField } from '../../lib/client-columns.ts';
import { toWireWithdrawal } from './rows.ts';
import { approvalsOf } from '../approvals/four-eyes.ts';

/** The Orders table: every card-provider withdrawal, hidden (not yet processed) ones included. */
const ORDERS: ListSpec = {
  tieBreaker: withdrawals.id,
  defaultSort: { field: 'timestamp', order: 'desc' },
  fields: {
    timestamp: { column: withdrawals.timestamp, sortable: true },
    ...sortableColumns(withdrawals, { providerOrderId: 'text', accountNumber: 'number' }),
    withdrawalAmount: { column: withdrawals.withdrawalAmount, sortable: true },
    withdrawalCurrency: { column: withdrawals.withdrawalCurrency, filter: 'select' },
    providerStatus: { column: withdrawals.providerStatus, sortable: true, filter: 'select' },
    providerPayoutStatus: { column: withdrawals.providerPayoutStatus, sortable: true },
    status: { column: withdrawals.status, sortable: true },
    client: clientFilterField(withdrawals.userId, withdrawals.clientSearch),
  },
};

const FILTER_TYPES = {
  client: 'TEXT',
  providerOrderId: 'TEXT',
  accountNumber: 'NUMBER',
  providerStatus: 'SELECT',
  withdrawalCurrency: 'SELECT',
} as const satisfies Partial<Record<keyof WithdrawalOrdersQuery, Filter['filterType']>>;

/** The where and order of an Orders view (also what its CSV export runs). */
export function planWithdrawalOrders(req: PagedRequest) {
  // The condition as SQL, not `= $1`: a prepared statement's generic plan cannot prove a parameter true,
  // so it would miss the partial index withdrawals_provider_ts_idx (migration 0014) and scan.
  return planList(ORDERS, req, [sql`${withdrawals.providerHandled}`]);
}

/**
 * GET adminGetWithdrawalOrders (docs/product.md [calls.accounts-funding]): `{ clients, transfers, totalSize
 * }`.
 */
export async function listWithdrawalOrders(db: Db, query: z.infer<typeof withdrawalOrdersQuery>) {
  const filters: Record<string, Filter> = {};
  for (const [field, filterType] of Object.entries(FILTER_TYPES)) {
    const value = query[field as keyof typeof FILTER_TYPES];
    if (value !== undefined && value !== '') filters[field] = { filterType, filterVal: value };
  }
  const plan = planWithdrawalOrders({
    page: query.page,
    sizePerPage: query.sizePerPage,
    sortField: query.sortField,
    sortOrder: query.sortOrder,
    filters,
  });
  const { rows, total, clients } = await pageOf(db, withdrawals, plan);
  return {
    clients,
    transfers: rows.map(toWireWithdrawal),
    ...total,
    approvals: await approvalsOf(
      db,
      'withdrawal',
      rows.map((r) => r.id),
    ),
  };
}
