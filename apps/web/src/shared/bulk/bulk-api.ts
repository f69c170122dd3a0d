import { BULK_PATHS, bulkResponse, type BulkKind, type BulkRequest } from '@brokerdesk/contract';
import { api } from '../api.ts';

/** One bulk call (README API table): the per-row answers of the ids sent. */
export async function sendBulk(kind: BulkKind, body: BulkRequest) {
  const reply = await api.post(BULK_PATHS[kind], bulkResponse, body);
  return reply.results;
}
