import type { Deposit, FundingType, Transfer, Withdrawal } from '@brokerdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isRefetch } from '../../../shared/background-fetch.ts';
import { toPagedRequest, type ListState } from '../../../shared/data-table/index.ts';
import { clientApi } from '../client-api.ts';
import { fundingHistoryKeys } from '../client-keys.ts';

export type FundingRow = Deposit | Withdrawal | Transfer;
export type HistoryView = 'approved' | 'all';

/** The reply mixes the three kinds by type; each tab keeps only its own. */
export const IS_KIND = {
  deposit: (r: FundingRow): r is Deposit => 'depositAmountSent' in r,
  withdrawal: (r: FundingRow): r is Withdrawal => 'withdrawalAmount' in r,
  transfer: (r: FundingRow): r is Transfer => 'transferAmount' in r,
} as const;

/** One page of a client's deposits, withdrawals or transfers (profile Funding History). */
export function useFundingHistory(userId: string, type: FundingType, view: HistoryView, state: ListState) {
  const request = toPagedRequest(state, {});
  return useQuery({
    queryKey: fundingHistoryKeys.list({ userId, type, view, ...request }),
    queryFn: (ctx) =>
      clientApi.fundingHistory({ userId, type, approved: view }, request, {
        signal: ctx.signal,
        background: isRefetch(ctx),
      }),
    placeholderData: keepPreviousData,
  });
}
