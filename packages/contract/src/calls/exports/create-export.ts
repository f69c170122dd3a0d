import { defineCall } from '../../call.ts';
import { exportListRequest, exportListResponse } from '../../exports.ts';

/** 'Export CSV': checks and audits the view, answers a short-lived signed download link. */
export const createExport = defineCall({
  summary: 'Prepares a CSV export of a list and answers its download link.',
  method: 'POST',
  path: '/api/admin/exports',
  access: 'staff',
  body: exportListRequest,
  response: exportListResponse,
});
