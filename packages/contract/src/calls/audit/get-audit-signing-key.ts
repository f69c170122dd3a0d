import { z } from 'zod';
import { defineCall } from '../../call.ts';

/** The public half of the key that signs the audit seals: what a regulator checks an anchor with. */
export const getAuditSigningKey = defineCall({
  summary: 'Shows the public key that signs the audit seals, and its key id.',
  method: 'GET',
  path: '/api/admin/audit/signing-key',
  access: 'staff',
  response: z.object({
    keyId: z.string(),
    algorithm: z.literal('Ed25519'),
    publicKeyPem: z.string(),
    /** SPKI DER, base64: as each seal keeps it. */
    publicKey: z.string(),
  }),
});
