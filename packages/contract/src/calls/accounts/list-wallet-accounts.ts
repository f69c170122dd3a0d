import { defineCall } from '../../call.ts';
import { walletAccountsResponse } from '../../accounts.ts';

/**
 * Wallet accounts: the clients' live, approved accounts, newest first (the first 100;
 * docs/product.md [screen.wallet-accounts], docs/decisions.md).
 */
export const listWalletAccounts = defineCall({
  summary: "Lists the newest wallet accounts: the clients' live, approved accounts.",
  method: 'GET',
  path: '/api/admin/accounts/adminGetWalletAccounts/all',
  access: 'staff',
  response: walletAccountsResponse,
});
