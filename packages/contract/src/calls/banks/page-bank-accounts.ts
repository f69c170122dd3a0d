import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { BANK_LIST_STATUSES, bankAccountsPageRequest, bankAccountsPageResponse } from '../../banks.ts';

/** One server page of a status tab of Bank verification (the paged form of the list above; path ours). */
export const pageBankAccounts = defineCall({
  summary: 'Reads one page of a Bank verification tab, sorted and filtered.',
  method: 'POST',
  path: '/api/admin/accounts/adminGetBankAccounts/paginated/:status',
  access: 'staff',
  params: z.object({ status: z.enum(BANK_LIST_STATUSES) }),
  body: bankAccountsPageRequest,
  response: bankAccountsPageResponse,
});
