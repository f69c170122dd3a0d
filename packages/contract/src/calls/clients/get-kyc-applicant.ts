import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { kycApplicantResponse } from '../../clients.ts';

/** The KYC provider's applicant record of a client (docs/product.md [calls.clients] getKYCApplicantData). */
export const getKycApplicant = defineCall({
  summary: "Reads a client's applicant record at the KYC provider.",
  method: 'GET',
  path: '/api/admin/users/getKYCApplicantData/:id',
  access: 'staff',
  actsOnParam: 'id',
  params: z.object({ id: idSchema }),
  response: kycApplicantResponse,
});
