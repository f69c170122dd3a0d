import type { SettledHandler } from '../../operations/index.ts';
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
