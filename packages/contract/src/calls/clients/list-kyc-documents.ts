import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { kycDocumentsResponse } from '../../clients.ts';

/**
 * A client's KYC documents with freshly signed links to view them (docs/product.md [calls.clients]
 * getKYCDocuments).
 */
export const listKycDocuments = defineCall({
  summary: "Lists a client's KYC documents with links to view them.",
  method: 'GET',
  path: '/api/admin/users/getKYCDocuments/:id',
  access: 'staff',
  actsOnParam: 'id',
  params: z.object({ id: idSchema }),
  response: kycDocumentsResponse,
});
