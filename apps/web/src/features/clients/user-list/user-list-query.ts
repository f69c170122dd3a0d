import { POLLING_MS, type UserListStatus } from '@brokerdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isRefetch } from '../../../shared/background-fetch.ts';
import { toPagedRequest, type ListState } from '../../../shared/data-table/index.ts';
import { clientApi } from '../client-api.ts';
import { clientKeys } from '../client-keys.ts';
import { USER_FILTER_TYPES } from './user-columns.tsx';

/**
 * One page of a user list. It refreshes itself every 5 minutes (docs/product.md [constants]); those refreshes
 * go out as background calls so a console left open does not keep the session alive.
 */
export function useUserList(status: UserListStatus, state: ListState) {
  const request = toPagedRequest(state, USER_FILTER_TYPES);
  return useQuery({
    queryKey: clientKeys.list({ status, ...request }),
    queryFn: (ctx) => clientApi.list(status, request, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
    refetchInterval: POLLING_MS.userList,
  });
}
