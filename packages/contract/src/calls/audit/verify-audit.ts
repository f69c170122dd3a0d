import { defineCall } from '../../call.ts';
import { auditVerifyResponse } from '../../audit.ts';

/** Checks the audit trail's hash chain end to end (SYSOP only). */
export const verifyAudit = defineCall({
  summary: "Checks the audit trail's hash chain from end to end (SYSOP only).",
  method: 'POST',
  path: '/api/admin/audit/verify',
  access: 'sysop',
  response: auditVerifyResponse,
});
