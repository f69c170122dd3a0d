import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { bankDetailsResponse } from '../../banks.ts';

/** One bank account with its client and a freshly signed link to its statement (a document view). */
export const getBankAccount = defineCall({
  summary: 'Reads one bank account with its client and a link to its statement.',
  method: 'GET',
  path: '/api/admin/accounts/adminGetBankAccount/:id',
  access: 'staff',
  params: z.object({ id: idSchema }),
  response: bankDetailsResponse,
});
