import { defineCall } from '../../call.ts';
import { serverInfoResponse } from '../../system.ts';

/** The server's version and whether it keeps mail in a development outbox instead of sending it. */
export const getServerInfo = defineCall({
  summary: "Reads the server's version and whether mail goes to a development outbox.",
  method: 'GET',
  path: '/api/other/serverInfo',
  access: 'public',
  response: serverInfoResponse,
});
