export { decideDeposits } from './decide-deposits.ts';
export { decideWithdrawals } from './decide-withdrawals.ts';
export { decideTransfers } from './decide-transfers.ts';
export { decideBankAccounts } from './decide-bank-accounts.ts';
export { decideLeverageRequests } from './decide-leverage-requests.ts';
export { decideSubAccountRequests } from './decide-sub-account-requests.ts';
export { decideIbRequests } from './decide-ib-requests.ts';
export { BULK_CALLS } from './by-kind.ts';
