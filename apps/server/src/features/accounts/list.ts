import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PagedRequest } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { subAccountRequests, tradingAccounts } from '../../db/schema.ts';
import { planList, type ListSpec } from '../../lib/paged-query.ts';
import { clientFilter, lookupClients } from '../funding/list.ts';
import { toWireAccount, toWireSubAccount } from './rows.ts';

const ACCOUNTS: ListSpec = {
  tieBreaker: tradingAccounts.id,
  defaultSort: { field: 'timeCreated', order: 'desc' },
  fields: {
    timeCreated: { column: tradingAccounts.timeCreated, sortable: true, filter: 'number' },
    timeApproved: { column: tradingAccounts.timeApproved, sortable: true, filter: 'number' },
    number: { column: tradingAccounts.number, sortable: true, filter: 'number' },
    type: { column: tradingAccounts.type, sortable: true, filter: 'select' },
    baseCurrency: { column: tradingAccounts.baseCurrency, sortable: true, filter: 'select' },
    leverage: { column: tradingAccounts.leverage, sortable: true, filter: 'number' },
    balance: { column: tradingAccounts.balance, sortable: true, filter: 'number' },
    equity: { column: tradingAccounts.equity, sortable: true, filter: 'number' },
    accountGroup: { column: tradingAccounts.accountGroup, sortable: true, filter: 'text' },
    platform: { column: tradingAccounts.platform, sortable: true, filter: 'select' },
    client: { column: tradingAccounts.userId, filter: clientFilter(tradingAccounts.userId) },
  },
};

function base(live: boolean, approved: string): (SQL | undefined)[] {
  return [
    eq(tradingAccounts.live, live),
    approved === 'all' ? undefined : eq(tradingAccounts.approved, approved === 'approved'),
  ];
}

/** One client's accounts (profile card: live, approved). */
export async function clientAccounts(db: Db, userId: string, live: boolean, approved: string) {
  const rows = await db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, userId), ...base(live, approved)))
    .orderBy(desc(tradingAccounts.timeCreated))
    .limit(500);
  return rows.map(toWireAccount);
}

/** LIVE and DEMO tabs of Trading Accounts, and Wallet Accounts: server-paged. */
export async function pageAccounts(db: Db, live: boolean, approved: string, req: PagedRequest) {
  const plan = planList(ACCOUNTS, req, base(live, approved));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(tradingAccounts)
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tradingAccounts)
      .where(plan.where),
  ]);
  const accounts = rows.map(toWireAccount);
  return {
    data: {
      users: await lookupClients(
        db,
        accounts.map((a) => a.userId),
      ),
      accounts,
      totalSize: total[0]?.n ?? 0,
    },
  };
}

export async function subAccountRequestsList(db: Db, live: string, status: string) {
  const conditions = [
    live === 'all' ? undefined : eq(subAccountRequests.live, live === 'live'),
    status === 'all' ? undefined : eq(subAccountRequests.status, status),
  ];
  const rows = await db
    .select()
    .from(subAccountRequests)
    .where(and(...conditions))
    .orderBy(desc(subAccountRequests.timeCreated))
    .limit(500);
  const accounts = rows.map(toWireSubAccount);
  return {
    users: await lookupClients(
      db,
      accounts.map((a) => a.userId),
    ),
    accounts,
  };
}
