import { defineCall } from '../../call.ts';
import { readinessResponse } from '../../probes.ts';

/** Readiness probe: 200 when the server can serve, 503 (same body) when not. */
export const checkReadiness = defineCall({
  summary: 'Tells whether the server is ready to serve.',
  method: 'GET',
  path: '/readyz',
  access: 'public',
  response: readinessResponse,
});
