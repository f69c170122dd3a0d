import { defineCall } from '../../call.ts';
import { accountsPageRequest, accountsPageResponse } from '../../accounts.ts';

/** One server page of the Wallet accounts list (the clients' live, approved accounts). */
export const pageWalletAccounts = defineCall({
  summary: 'Reads one page of the wallet accounts, sorted and filtered.',
  method: 'POST',
  path: '/api/admin/accounts/adminGetWalletAccounts/paginated',
  access: 'staff',
  body: accountsPageRequest,
  response: accountsPageResponse,
});
