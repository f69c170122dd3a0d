import type { IbCode, IbRequest } from '@brokerdesk/contract';
import type { ibCodes, ibRequests } from '../../db/schema.ts';
import { withoutClientColumns } from '../../lib/client-columns.ts';

/** Partner rows as they travel: the entity field names of docs/product.md [entities]. */

export function toWireIbRequest(r: typeof ibRequests.$inferSelect): IbRequest {
  const { id, ...rest } = withoutClientColumns(r);
  return { ...rest, _id: id } as IbRequest;
}

export function toWireIbCode(c: typeof ibCodes.$inferSelect): IbCode {
  const { id, ...rest } = c;
  return { ...rest, _id: id };
}
