import type { JsonCall } from '../../call.ts';
import type { BulkKind } from '../../bulk.ts';
import { decideBankAccounts } from './decide-bank-accounts.ts';
import { decideDeposits } from './decide-deposits.ts';
import { decideIbRequests } from './decide-ib-requests.ts';
import { decideLeverageRequests } from './decide-leverage-requests.ts';
import { decideSubAccountRequests } from './decide-sub-account-requests.ts';
import { decideTransfers } from './decide-transfers.ts';
import { decideWithdrawals } from './decide-withdrawals.ts';

/** The bulk call of each list, for the server's bulkRoute and the screens' shared bulk actions. */
export const BULK_CALLS = {
  deposit: decideDeposits,
  withdrawal: decideWithdrawals,
  transfer: decideTransfers,
  bankAccount: decideBankAccounts,
  leverage: decideLeverageRequests,
  subAccount: decideSubAccountRequests,
  ibRequest: decideIbRequests,
} as const satisfies Record<BulkKind, JsonCall>;
