import { defineCall } from '../../call.ts';
import { devOutboxResponse } from '../../system.ts';

/** The development outbox: only without SMTP_URL and only to a browser on the server's machine. */
export const getDevOutbox = defineCall({
  summary: 'Shows the mail kept in the development outbox.',
  method: 'GET',
  path: '/api/dev/outbox',
  access: 'public',
  response: devOutboxResponse,
});
