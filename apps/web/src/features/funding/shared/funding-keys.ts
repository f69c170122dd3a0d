import type { FundingType } from '@brokerdesk/contract';
import { entityKeys } from '../../../shared/query-keys.ts';

/** One key family per request list, so an action on deposits reloads deposit lists only. */
export const fundingKeys = {
  deposit: entityKeys('deposit-requests'),
  withdrawal: entityKeys('withdrawal-requests'),
  transfer: entityKeys('transfer-requests'),
} as const satisfies Record<FundingType, unknown>;

/** Bank accounts: the lists by status and one account's details (signed statement link). */
export const bankKeys = entityKeys('bank-accounts');
