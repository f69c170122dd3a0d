import { defineCall } from '../../call.ts';
import { resendCodeRequest, resendCodeResponse } from '../../auth.ts';

/** Emails a new sign-in code for the ticket of the first step (docs/product.md [calls.sign-in]). */
export const resendLoginCode = defineCall({
  summary: 'Mails a new sign-in code.',
  method: 'POST',
  path: '/api/users/resendLoginVerificationEmail',
  access: 'public',
  body: resendCodeRequest,
  response: resendCodeResponse,
});
