import { defineCall } from '../../call.ts';
import { staffSessionsResponse } from '../../audit.ts';

/** The live staff sessions (SYSOP only). */
export const listSessions = defineCall({
  summary: 'Lists the live staff sessions (SYSOP only).',
  method: 'GET',
  path: '/api/admin/sessions',
  access: 'sysop',
  response: staffSessionsResponse,
});
