import { eq } from 'drizzle-orm';
import { checkingMtStatus } from '@brokerdesk/contract';
import type { CheckingHandler, SettledHandler } from '../../operations/index.ts';
import { deposits, transfers, withdrawals } from '../../db/schema.ts';
import { requestIdOf } from './decisions.ts';
import { DEPOSIT_KEY_PREFIX, depositSettled } from './deposits.ts';
import { WITHDRAWAL_KEY_PREFIX, withdrawalSettled } from './withdrawals.ts';
import {
  TRANSFER_PREFIXES,
  transferDestinationSettled,
  transferReverseSettled,
  transferSourceSettled,
} from './transfers.ts';

/** How funding hears that its platform operations have settled, by operation key prefix. */
export const fundingSettledHandlers: Record<string, SettledHandler> = {
  [DEPOSIT_KEY_PREFIX]: depositSettled,
  [WITHDRAWAL_KEY_PREFIX]: withdrawalSettled,
  [TRANSFER_PREFIXES.source]: transferSourceSettled,
  [TRANSFER_PREFIXES.destination]: transferDestinationSettled,
  [TRANSFER_PREFIXES.reverse]: transferReverseSettled,
};

/**
 * While an unknown outcome is waited out, the request's MTStatus says so and until when ("Checking
 * with MT5 until …", amber): neither SUCCESS nor a failure staff could act on. The settled handler
 * overwrites it with the outcome.
 */
export const fundingCheckingHandlers: Record<string, CheckingHandler> = {
  [DEPOSIT_KEY_PREFIX]: async (tx, op, until) => {
    const id = requestIdOf(op.idempotencyKey);
    await tx
      .update(deposits)
      .set({ mtStatus: checkingMtStatus(until) })
      .where(eq(deposits.id, id));
  },
  [WITHDRAWAL_KEY_PREFIX]: async (tx, op, until) => {
    const id = requestIdOf(op.idempotencyKey);
    await tx
      .update(withdrawals)
      .set({ mtStatus: checkingMtStatus(until) })
      .where(eq(withdrawals.id, id));
  },
  [TRANSFER_PREFIXES.source]: async (tx, op, until) => {
    const id = requestIdOf(op.idempotencyKey);
    await tx
      .update(transfers)
      .set({ sourceMtStatus: checkingMtStatus(until) })
      .where(eq(transfers.id, id));
  },
  [TRANSFER_PREFIXES.destination]: async (tx, op, until) => {
    const id = requestIdOf(op.idempotencyKey);
    await tx
      .update(transfers)
      .set({ destinationMtStatus: checkingMtStatus(until) })
      .where(eq(transfers.id, id));
  },
};
