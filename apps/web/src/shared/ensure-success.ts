import { MESSAGES } from '@brokerdesk/contract';
import { ApiError } from './api.ts';

/**
 * Some calls answer 200 with `success: false` (docs/product.md [msg.generic-failure]). Turn that into
 * an error so the mutation fails and the generic 'Something went wrong!' notice shows.
 */
export function ensureSuccess<R extends { success: boolean }>(reply: R): R {
  if (!reply.success) throw new ApiError(200, { server: MESSAGES.somethingWrong });
  return reply;
}
