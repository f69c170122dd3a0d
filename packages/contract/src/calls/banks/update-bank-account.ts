import { defineCall } from '../../call.ts';
import { updateBankAccountRequest, updateBankAccountResponse } from '../../banks.ts';

/** The Bank details modal's save: fields, status, comment, and a new statement. */
export const updateBankAccount = defineCall({
  summary: "Saves a bank account's details, verification status, comment or new statement.",
  method: 'POST',
  path: '/api/admin/accounts/adminUpdateBankAccount',
  access: 'staff',
  body: updateBankAccountRequest,
  response: updateBankAccountResponse,
});
