import {
  POLLING_MS,
  accountActionResponse,
  subAccountListResponse,
  type Filter,
  type updateSubAccountRequest,
} from '@brokerdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api.ts';
import { isRefetch } from '../../../shared/background-fetch.ts';
import { toPagedRequest, type ListState } from '../../../shared/data-table/index.ts';
import { ensureSuccess } from '../../../shared/ensure-success.ts';
import { showSuccessNotice } from '../../../shared/notify.ts';
import { entityKeys, systemKeys } from '../../../shared/query-keys.ts';

export const SUB_ACCOUNT_LIST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubAccountStatus = (typeof SUB_ACCOUNT_LIST_STATUSES)[number];
export type SubAccountUpdate = z.input<typeof updateSubAccountRequest>;

export const subAccountKeys = entityKeys('sub-account-requests');

const ACCOUNTS = '/api/admin/accounts';

/**
 * One server page of the live and demo requests of a status, refreshed every 5 s (SPEC 9). The refreshes go out as
 * background calls, so a screen left open does not keep the session alive.
 */
export function useSubAccountRequests(
  status: SubAccountStatus,
  state: ListState,
  filterTypes: Readonly<Record<string, Filter['filterType']>>,
) {
  const request = toPagedRequest(state, filterTypes);
  return useQuery({
    queryKey: subAccountKeys.list({ status, ...request }),
    queryFn: (ctx) =>
      api.post(
        `${ACCOUNTS}/adminGetSubAccountRequests/paginated/all/${status}`,
        subAccountListResponse,
        request,
        { signal: ctx.signal, background: isRefetch(ctx) },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: POLLING_MS.subAccounts,
  });
}

/** 'Update account': approving opens the account on the platform. Errors stay in the modal. */
export function useUpdateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SubAccountUpdate) =>
      ensureSuccess(await api.post(`${ACCOUNTS}/adminUpdateSubAccountRequest`, accountActionResponse, body)),
    meta: { errorNotice: false },
    onSuccess: async (reply) => {
      showSuccessNotice(reply.message || 'Account updated.');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subAccountKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: systemKeys.counters() }),
      ]);
    },
  });
}
