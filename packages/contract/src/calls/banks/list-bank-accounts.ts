import { defineCall } from '../../call.ts';
import { bankAccountsResponse } from '../../banks.ts';

/** Every bank account, as docs/product.md [calls.accounts-funding] has it (capped at BANK_LIST_CAP). */
export const listBankAccounts = defineCall({
  summary: 'Lists every bank account.',
  method: 'GET',
  path: '/api/admin/accounts/adminGetBankAccounts/all/all',
  access: 'staff',
  response: bankAccountsResponse,
});
