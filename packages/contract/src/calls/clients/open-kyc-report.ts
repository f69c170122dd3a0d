import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { kycSignedQuery } from '../../clients.ts';

/** A client's KYC report from the provider, opened by its signed link in a new tab. */
export const openKycReport = defineCall({
  summary: "Opens a client's KYC report from its signed link.",
  method: 'GET',
  path: '/api/kyc/report/:userId',
  access: 'signed',
  params: z.object({ userId: idSchema }),
  query: kycSignedQuery,
  produces: 'application/pdf',
});
