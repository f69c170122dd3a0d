import {
  LEVERAGE_LIST_STATUSES,
  SUB_ACCOUNT_QUERY_KINDS,
  SUB_ACCOUNT_QUERY_STATUSES,
} from '@brokerdesk/contract';
import { leverageChanges, subAccountRequests, tradingAccounts } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { listExport, type ExportableListDef } from '../exports/registry.ts';
import { amount, clientColumns, clientsOf, isoTime, oneOf } from '../exports/columns.ts';
import { planAccounts, planSubAccountRequests } from './list.ts';
import { planLeverageChanges } from './leverage-list.ts';

type Account = typeof tradingAccounts.$inferSelect;
type Leverage = typeof leverageChanges.$inferSelect;
type SubAccount = typeof subAccountRequests.$inferSelect;

function accountsPlan(
  db: Db,
  live: boolean,
  approved: string,
  name: string,
  req: Parameters<typeof planAccounts>[2],
) {
  const plan = planAccounts(live, approved, req);
  return listExport(db, tradingAccounts, plan, {
    lookup: clientsOf,
    name,
    columns: [
      { header: 'Id', value: (a: Account) => a.id },
      { header: 'Account', value: (a) => a.number },
      ...clientColumns<Account>(),
      { header: 'Type', value: (a) => a.type },
      { header: 'Platform', value: (a) => a.platform },
      { header: 'Base currency', value: (a) => a.baseCurrency },
      { header: 'Leverage', value: (a) => `1:${a.leverage}` },
      { header: 'Balance', value: (a) => amount(a.balance) },
      { header: 'Equity', value: (a) => amount(a.equity) },
      { header: 'Group', value: (a) => a.accountGroup },
      { header: 'Approved', value: (a) => a.approved },
      { header: 'Created (UTC)', value: (a) => isoTime(a.timeCreated) },
      { header: 'Approved time (UTC)', value: (a) => isoTime(a.timeApproved) },
      { header: 'Admin', value: (a) => a.adminId || 'AUTOMATION' },
    ],
  });
}

/** Trading Accounts, LIVE or DEMO tab: params `{ type: live|demo, approved: approved|pending|all }`. */
export const tradingAccountsExport: ExportableListDef = {
  plan(db, params, req) {
    const type = oneOf(params, 'type', ['live', 'demo'] as const);
    const approved = oneOf(params, 'approved', ['approved', 'pending', 'all'] as const);
    return accountsPlan(db, type === 'live', approved, `trading-accounts-${type}`, req);
  },
};

/** Wallet Accounts: the live, approved accounts (as its list call). */
export const walletAccountsExport: ExportableListDef = {
  plan: (db, _params, req) => accountsPlan(db, true, 'approved', 'wallet-accounts', req),
};

/** Change leverage requests (docs/product.md [screen.leverage-requests]): params `{ status }`. */
export const leverageChangesExport: ExportableListDef = {
  plan(db, params, req) {
    const status = oneOf(params, 'status', LEVERAGE_LIST_STATUSES);
    const plan = planLeverageChanges(status, req);
    return listExport(db, leverageChanges, plan, {
      lookup: clientsOf,
      name: `leverage-changes-${status}`,
      columns: [
        { header: 'Id', value: (l: Leverage) => l.id },
        { header: 'Account', value: (l) => l.accountNumber },
        ...clientColumns<Leverage>(),
        { header: 'Type', value: (l) => l.accountType },
        { header: 'Old leverage', value: (l) => l.oldLeverage },
        { header: 'New leverage', value: (l) => l.newLeverage },
        { header: 'Requested (UTC)', value: (l) => isoTime(l.timestamp) },
        { header: 'Status', value: (l) => l.status },
        { header: 'Comment', value: (l) => l.comment },
        { header: 'MT status', value: (l) => l.mtStatus },
      ],
    });
  },
};

/**
 * New Sub Account Requests (docs/product.md [screen.sub-account-requests]): params `{ live: all|live|demo,
 * status }`.
 */
export const subAccountRequestsExport: ExportableListDef = {
  plan(db, params, req) {
    const live = oneOf(params, 'live', SUB_ACCOUNT_QUERY_KINDS);
    const status = oneOf(params, 'status', SUB_ACCOUNT_QUERY_STATUSES);
    const plan = planSubAccountRequests(live, status, req);
    return listExport(db, subAccountRequests, plan, {
      lookup: clientsOf,
      name: `sub-account-requests-${live}-${status}`,
      columns: [
        { header: 'Id', value: (s: SubAccount) => s.id },
        ...clientColumns<SubAccount>(),
        { header: 'Account type', value: (s) => s.type },
        { header: 'Live', value: (s) => s.live },
        { header: 'Platform', value: (s) => s.platform },
        { header: 'Base currency', value: (s) => s.baseCurrency },
        { header: 'Leverage', value: (s) => `1:${s.leverage}` },
        { header: 'Requested (UTC)', value: (s) => isoTime(s.timeCreated) },
        { header: 'Status', value: (s) => s.status },
        { header: 'Created by an admin', value: (s) => s.adminRequested },
        { header: 'Comment', value: (s) => s.comment },
      ],
    });
  },
};
