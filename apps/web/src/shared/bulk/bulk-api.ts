import { calls, type BulkKind, type BulkRequest } from '@brokerdesk/contract';
import { call } from '../api.ts';

/** One bulk call (README API table): the per-row answers of the ids sent. */
export async function sendBulk(kind: BulkKind, body: BulkRequest) {
  const reply = await call(calls.bulk.BULK_CALLS[kind], { body });
  return reply.results;
}
