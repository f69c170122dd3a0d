import { checkingMtStatus, type FundingLeg } from '@brokerdesk/contract';
import type { CheckingHandler, SettledHandler } from '../../operations/index.ts';
import { requestIdOf } from './decisions.ts';
import { depositSettled } from './deposits.ts';
import { byLegPrefix, LEG_KINDS } from './kinds.ts';
import { withdrawalSettled } from './withdrawals.ts';
import { transferDestinationSettled, transferReverseSettled, transferSourceSettled } from './transfers.ts';

/** What each movement does to its request once the platform settled it. */
const SETTLED: Record<FundingLeg, SettledHandler> = {
  deposit: depositSettled,
  withdrawal: withdrawalSettled,
  transfer_source: transferSourceSettled,
  transfer_destination: transferDestinationSettled,
  transfer_reverse: transferReverseSettled,
};

/** How funding hears that its platform operations have settled, by operation key prefix. */
export const fundingSettledHandlers: Record<string, SettledHandler> = byLegPrefix((leg) => SETTLED[leg]);

/**
 * While an unknown outcome is waited out, the request's MTStatus says so and until when ("Checking
 * with MT5 until …", amber): neither SUCCESS nor a failure staff could act on. The settled handler
 * overwrites it with the outcome.
 */
export const fundingCheckingHandlers: Record<string, CheckingHandler> = byLegPrefix((leg) => {
  const write = LEG_KINDS[leg].writeMtStatus;
  if (!write) return null;
  return async (tx, op, until) => {
    await write(tx, requestIdOf(op.idempotencyKey), checkingMtStatus(until));
  };
});
