import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PagedRequest } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import { subAccountRequests, tradingAccounts } from '../../db/schema.ts';
import { planList, sortableColumns, type ListSpec } from '../../lib/paged-query.ts';
import { readPage } from '../../lib/read-page.ts';
import { lookupClients } from '../funding/list.ts';
import { clientEmailField, clientNameField, clientFilterField } from '../../lib/client-columns.ts';
import { toWireAccount, toWireSubAccount } from './rows.ts';

const ACCOUNTS: ListSpec = {
  tieBreaker: tradingAccounts.id,
  defaultSort: { field: 'timeCreated', order: 'desc' },
  fields: {
    ...sortableColumns(tradingAccounts, {
      timeCreated: 'number',
      timeApproved: 'number',
      number: 'number',
      type: 'select',
      baseCurrency: 'select',
      leverage: 'number',
      balance: 'number',
      equity: 'number',
      accountGroup: 'text',
      platform: 'select',
    }),
    client: clientFilterField(tradingAccounts.userId, tradingAccounts.clientSearch),
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

/** One trading account by id with its client (a deep link to an account off the list's page). */
export async function oneAccount(db: Db, id: string) {
  const [row] = await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id)).limit(1);
  if (!row) throw new NotFound('No such trading account.');
  return { account: toWireAccount(row), users: await lookupClients(db, [row.userId]) };
}

/** The where and order of an accounts view (also what its CSV export runs). */
export function planAccounts(live: boolean, approved: string, req: PagedRequest) {
  return planList(ACCOUNTS, req, base(live, approved));
}

/** LIVE and DEMO tabs of Trading Accounts, and Wallet Accounts: server-paged. */
export async function pageAccounts(db: Db, live: boolean, approved: string, req: PagedRequest) {
  const plan = planAccounts(live, approved, req);
  const { rows, total } = await readPage(db, tradingAccounts, plan);
  const accounts = rows.map(toWireAccount);
  return {
    data: {
      users: await lookupClients(
        db,
        accounts.map((a) => a.userId),
      ),
      accounts,
      ...total,
    },
  };
}

const SUB_ACCOUNTS: ListSpec = {
  tieBreaker: subAccountRequests.id,
  defaultSort: { field: 'timeCreated', order: 'desc' },
  fields: {
    ...sortableColumns(subAccountRequests, {
      timeCreated: 'number',
      type: 'select',
      platform: 'select',
      baseCurrency: 'select',
    }),
    name: clientNameField(subAccountRequests),
    email: clientEmailField(subAccountRequests),
  },
};

/** The where and order of a sub-account request view (also what its CSV export runs). */
export function planSubAccountRequests(live: string, status: string, req: PagedRequest) {
  return planList(SUB_ACCOUNTS, req, [
    live === 'all' ? undefined : eq(subAccountRequests.live, live === 'live'),
    status === 'all' ? undefined : eq(subAccountRequests.status, status),
  ]);
}

/**
 * New Sub Account Requests (docs/product.md [screen.sub-account-requests]): one server page of a status,
 * live, demo or both.
 */
export async function subAccountRequestsList(db: Db, live: string, status: string, req: PagedRequest) {
  const plan = planSubAccountRequests(live, status, req);
  const { rows, total } = await readPage(db, subAccountRequests, plan);
  const accounts = rows.map(toWireSubAccount);
  return {
    users: await lookupClients(
      db,
      accounts.map((a) => a.userId),
    ),
    accounts,
    ...total,
  };
}

/** One sub-account request by id with its client (a deep link to a request off the list's page). */
export async function oneSubAccountRequest(db: Db, id: string) {
  const [row] = await db.select().from(subAccountRequests).where(eq(subAccountRequests.id, id)).limit(1);
  if (!row) throw new NotFound('No such sub account request.');
  return { account: toWireSubAccount(row), users: await lookupClients(db, [row.userId]) };
}
