import type { Deposit, Transfer, Withdrawal } from '@brokerdesk/contract';
import type { deposits, transfers, withdrawals } from '../../db/schema.ts';

/** Funding rows as they travel: the entity's field names of docs/product.md [entities]. */

export function toWireDeposit(d: typeof deposits.$inferSelect): Deposit {
  // clientSearch is the filter's copy of the client's name (migration 0014): the server's, not the wire's.
  const { id, mtStatus, clientSearch: _clientSearch, ...rest } = d;
  return { ...rest, _id: id, MTStatus: mtStatus } as Deposit;
}

export function toWireWithdrawal(w: typeof withdrawals.$inferSelect): Withdrawal {
  const { id, mtStatus, clientSearch: _clientSearch, ...rest } = w;
  return { ...rest, _id: id, MTStatus: mtStatus } as Withdrawal;
}

export function toWireTransfer(t: typeof transfers.$inferSelect): Transfer {
  const { id, sourceMtStatus, destinationMtStatus, times, clientSearch: _clientSearch, ...rest } = t;
  return {
    ...rest,
    _id: id,
    sourceMTStatus: sourceMtStatus,
    destinationMTStatus: destinationMtStatus,
    times: (times ?? {}) as Record<string, number>,
  } as Transfer;
}
