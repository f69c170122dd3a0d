import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { clientBankAccountsResponse } from '../../client-record.ts';

/** The profile's Documents card: a client's bank accounts, without links. */
export const listClientBankAccounts = defineCall({
  summary: "Lists a client's bank accounts.",
  method: 'GET',
  path: '/api/admin/users/bankAccounts/:id',
  access: 'staff',
  actsOnParam: 'id',
  params: z.object({ id: idSchema }),
  response: clientBankAccountsResponse,
});
