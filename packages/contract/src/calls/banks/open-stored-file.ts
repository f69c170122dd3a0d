import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { signedLinkQuery } from '../../common.ts';

/** A stored document, opened by its signed link in a new tab: the signature is the permission. */
export const openStoredFile = defineCall({
  summary: 'Opens a stored document from its signed link.',
  method: 'GET',
  path: '/public/files/:file',
  access: 'signed',
  params: z.object({ file: z.string().max(300) }),
  query: signedLinkQuery,
  produces: 'application/pdf, image/png, image/jpeg',
});
