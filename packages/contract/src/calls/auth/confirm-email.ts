import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { emailConfirmResponse } from '../../auth.ts';

/**
 * The button of the email confirmation page: POSTed to the link's own path (opening the link, a GET,
 * changes nothing, so mail scanners cannot use it up).
 */
export const confirmEmail = defineCall({
  summary: 'Confirms an email address from its confirmation link.',
  method: 'POST',
  path: '/email/confirm/:id',
  access: 'public',
  params: z.object({ id: z.string().max(200) }),
  response: emailConfirmResponse,
});
