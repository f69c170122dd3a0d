import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { KYC_IMAGE_ID, kycSignedQuery } from '../../clients.ts';

/**
 * One KYC document image, opened by its signed link in a new tab (the signature is the permission);
 * the server fetches it from the provider, whose credentials a browser must never hold.
 */
export const openKycImage = defineCall({
  summary: 'Opens a KYC document image from its signed link.',
  method: 'GET',
  path: '/api/kyc/image/:userId/:imageId',
  access: 'signed',
  params: z.object({ userId: idSchema, imageId: z.string().regex(KYC_IMAGE_ID) }),
  query: kycSignedQuery,
  produces: 'image/png, image/jpeg, application/pdf',
});
