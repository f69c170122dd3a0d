import { defineCall } from '../../call.ts';
import { evidencePackLink, evidencePackRequest } from '../../evidence-pack.ts';

/** "Evidence pack": checks the client or request exists, audits the export, answers a short-lived signed link. */
export const createEvidencePack = defineCall({
  summary: 'Prepares the evidence pack of a client or a request and answers its download link.',
  method: 'POST',
  path: '/api/admin/evidence-packs',
  access: 'staff',
  body: evidencePackRequest,
  response: evidencePackLink,
});
