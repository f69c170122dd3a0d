import type { FundingTab, FundingType } from '@brokerdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isRefetch } from '../../../shared/background-fetch.ts';
import { toPagedRequest, type ListState } from '../../../shared/data-table/index.ts';
import type { FilterType } from '../../../shared/data-table/list-state.ts';
import { fundingApi } from './funding-api.ts';
import { fundingKeys } from './funding-keys.ts';
import { settlingInterval } from './platform-watch.ts';

/**
 * One page of a request list (deposits, withdrawals or transfers) for a status tab. It polls only
 * while a request acted on here waits for the platform (platform-watch.ts).
 */
export function useFundingList(
  type: FundingType,
  status: FundingTab,
  state: ListState,
  filterTypes: Readonly<Record<string, FilterType>>,
) {
  const request = toPagedRequest(state, filterTypes);
  return useQuery({
    queryKey: fundingKeys[type].list({ status, ...request }),
    queryFn: (ctx) =>
      fundingApi.list({ type, status, ...request }, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => settlingInterval(query.state.data?.data.transfers),
  });
}
