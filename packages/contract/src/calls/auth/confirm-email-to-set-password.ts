import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { emailConfirmResponse } from '../../auth.ts';

/** The same confirmation for an invited staff member, whose reply leads on to setting a password. */
export const confirmEmailToSetPassword = defineCall({
  summary: "Confirms an invited staff member's email address, then leads on to setting a password.",
  method: 'POST',
  path: '/email/confirm/:setpassword/:id',
  access: 'public',
  params: z.object({ setpassword: z.literal('setpassword'), id: z.string().max(200) }),
  response: emailConfirmResponse,
});
