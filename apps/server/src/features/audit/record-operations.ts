import { deposits, leverageChanges, tradingAccounts, transfers, withdrawals } from '../../db/schema.ts';
import { LEG_KINDS } from '../funding/kinds.ts';
import { ACCOUNT_KEYS } from '../accounts/keys.ts';

/**
 * The platform operations whose key names a record, `<prefix>:<record id>` (and its repeats), by the
 * record's kind and table: the funding legs, and the account operations keyed by the account or the
 * change. The others (password, rename, group) carry a fresh id. One list, so that the audit trail
 * names the record of an operation and an evidence pack finds the operations of its rows alike.
 */
export const RECORD_OPERATIONS = {
  deposit: { table: deposits, prefixes: [LEG_KINDS.deposit.prefix] },
  withdrawal: { table: withdrawals, prefixes: [LEG_KINDS.withdrawal.prefix] },
  transfer: {
    table: transfers,
    prefixes: [
      LEG_KINDS.transfer_source.prefix,
      LEG_KINDS.transfer_destination.prefix,
      LEG_KINDS.transfer_reverse.prefix,
    ],
  },
  leverage: { table: leverageChanges, prefixes: [ACCOUNT_KEYS.leverage] },
  tradingAccount: { table: tradingAccounts, prefixes: [ACCOUNT_KEYS.create, ACCOUNT_KEYS.demoBalance] },
} as const;
