import { defineCall } from '../../call.ts';
import { healthResponse } from '../../probes.ts';

/** Liveness probe: the process answers. Outside /api so that no proxy rule for the API touches it. */
export const checkHealth = defineCall({
  summary: 'Tells whether the server process is alive.',
  method: 'GET',
  path: '/healthz',
  access: 'public',
  response: healthResponse,
});
