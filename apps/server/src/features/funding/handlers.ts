import { eq } from 'drizzle-orm';
import { checkingMtStatus } from '@brokerdesk/contract';
import type { Tx } from '../../db/client.ts';
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
const checkingOn =
  (write: (tx: Tx, id: string, mtStatus: string) => Promise<unknown>): CheckingHandler =>
  async (tx, op, until) => {
    await write(tx, requestIdOf(op.idempotencyKey), checkingMtStatus(until));
  };

export const fundingCheckingHandlers: Record<string, CheckingHandler> = {
  [DEPOSIT_KEY_PREFIX]: checkingOn((tx, id, m) =>
    tx.update(deposits).set({ mtStatus: m }).where(eq(deposits.id, id)),
  ),
  [WITHDRAWAL_KEY_PREFIX]: checkingOn((tx, id, m) =>
    tx.update(withdrawals).set({ mtStatus: m }).where(eq(withdrawals.id, id)),
  ),
  [TRANSFER_PREFIXES.source]: checkingOn((tx, id, m) =>
    tx.update(transfers).set({ sourceMtStatus: m }).where(eq(transfers.id, id)),
  ),
  [TRANSFER_PREFIXES.destination]: checkingOn((tx, id, m) =>
    tx.update(transfers).set({ destinationMtStatus: m }).where(eq(transfers.id, id)),
  ),
};
