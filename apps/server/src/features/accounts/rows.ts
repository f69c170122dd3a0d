import {
  formatLeverage,
  type LeverageChange,
  type SubAccountRequest,
  type TradingAccount,
} from '@brokerdesk/contract';
import type { leverageChanges, subAccountRequests, tradingAccounts } from '../../db/schema.ts';
import { withoutClientColumns } from '../../lib/client-columns.ts';

export function toWireAccount(a: typeof tradingAccounts.$inferSelect): TradingAccount {
  const { id, clientSearch: _clientSearch, ...rest } = a;
  return { ...rest, _id: id } as TradingAccount;
}

export function toWireLeverage(l: typeof leverageChanges.$inferSelect): LeverageChange {
  const { id, mtStatus, ...rest } = withoutClientColumns(l);
  return {
    ...rest,
    _id: id,
    MTStatus: mtStatus,
    newLeverage: formatLeverage(l.newLeverage),
    oldLeverage: formatLeverage(l.oldLeverage),
  } as LeverageChange;
}

export function toWireSubAccount(s: typeof subAccountRequests.$inferSelect): SubAccountRequest {
  const { id, accountId: _accountId, ...rest } = withoutClientColumns(s);
  return { ...rest, _id: id } as SubAccountRequest;
}

/** '1:200' or '200' -> 200. */
export function leverageNumber(value: string): number {
  return Number(value.includes(':') ? value.split(':')[1] : value);
}
