import { defineCall } from '../../call.ts';
import { depositBankDetailsRequest, depositBankDetailsResponse } from '../../banks.ts';

/** The bank account a deposit came from, for its Update deposit modal. */
export const getDepositBankDetails = defineCall({
  summary: 'Reads the bank account a deposit came from.',
  method: 'POST',
  path: '/api/admin/accounts/adminDepositReqBankDetails',
  access: 'staff',
  body: depositBankDetailsRequest,
  response: depositBankDetailsResponse,
});
