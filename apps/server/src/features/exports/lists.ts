import { userListExport } from '../clients/export.ts';
import { fundingListExport, withdrawalOrdersExport } from '../funding/export.ts';
import { tradingAccountsExport, walletAccountsExport } from '../accounts/export.ts';
import { ibCodesExport } from '../partners/export.ts';
import { groupsExport } from '../groups/export.ts';
import type { AnyRequestKind } from '../requests/kind.ts';
import type { ExportRegistry } from './registry.ts';

/**
 * Every list that can be exported: the lists that are not a request kind's, and each kind's own list
 * (its definition's `export`, under the name its wire half gives). Deposits, withdrawals and transfers
 * are one list on screen and share the funding export.
 */
export function exportLists(kinds: readonly AnyRequestKind[]): ExportRegistry {
  const lists: ExportRegistry = {
    users: userListExport,
    funding: fundingListExport,
    'withdrawal-orders': withdrawalOrdersExport,
    'trading-accounts': tradingAccountsExport,
    'wallet-accounts': walletAccountsExport,
    'ib-codes': ibCodesExport,
    groups: groupsExport,
  };
  for (const kind of kinds) {
    const name = kind.wire.exportList;
    if (!kind.export || !name) continue;
    if (lists[name]) throw new Error(`Two lists are exported as ${name}.`);
    lists[name] = kind.export;
  }
  return lists;
}
