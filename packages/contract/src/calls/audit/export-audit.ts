import { defineCall } from '../../call.ts';
import { auditExportQuery } from '../../audit.ts';

/** The audit trail as CSV for the given filters, oldest first by default (the export is itself audited). */
export const exportAudit = defineCall({
  summary: 'Downloads the audit trail as CSV for the chosen filters.',
  method: 'GET',
  path: '/api/admin/audit/export.csv',
  access: 'staff',
  query: auditExportQuery,
  produces: 'text/csv',
});
