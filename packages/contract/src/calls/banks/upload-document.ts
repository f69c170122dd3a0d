import { defineCall } from '../../call.ts';
import { uploadResponse } from '../../banks.ts';

/**
 * POST /upload (docs/product.md [calls.accounts-funding]): one document for a client, as multipart/form-data
 * `userId` + `file`. The body is read by the route itself (multipart has no JSON schema); the reply is JSON.
 */
export const uploadDocument = defineCall({
  summary: 'Uploads a document for a client.',
  method: 'POST',
  path: '/upload',
  access: 'staff',
  response: uploadResponse,
});
