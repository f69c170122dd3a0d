import {
  POLLING_MS,
  REQUEST_KIND_WIRES,
  calls,
  type PagedRequest,
  type SubAccountRequest,
  type SubAccountRequestResponse,
} from '@brokerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, type RequestOptions } from '../../../shared/api.ts';
import { ensureSuccess } from '../../../shared/ensure-success.ts';
import { invalidateRecord } from '../../../shared/invalidate-record.ts';
import { showSuccessNotice } from '../../../shared/notify.ts';
import { entityKeys, systemKeys } from '../../../shared/query-keys.ts';
import type { RequestCalls } from '../account-requests.ts';

export const SUB_ACCOUNT_LIST_STATUSES = REQUEST_KIND_WIRES.subAccount.tabs;
export type SubAccountStatus = (typeof SUB_ACCOUNT_LIST_STATUSES)[number];
export type SubAccountUpdate = z.input<typeof calls.accounts.updateSubAccountRequest.body>;

export const subAccountKeys = entityKeys('sub-account-requests');

/** One server page of the live and demo requests of a status. */
const page = (status: SubAccountStatus, body: PagedRequest, options?: RequestOptions) =>
  call(calls.accounts.pageSubAccountRequests, { params: { live: 'all', status }, body }, options);
export type SubAccountPage = Awaited<ReturnType<typeof page>>;

/**
 * How New Sub Account Requests loads its list, refreshed every 5 s (docs/product.md [constants]), and one
 * request by id (a link to a request not on the page).
 */
export const subAccountCalls: RequestCalls<
  SubAccountStatus,
  SubAccountPage,
  SubAccountRequestResponse,
  SubAccountRequest
> = {
  listKey: subAccountKeys.list,
  page,
  detailKey: subAccountKeys.detail,
  one: (id, signal) => call(calls.accounts.getSubAccountRequest, { params: { id } }, { signal }),
  entryOf: (reply) => ({ row: reply.account, client: reply.users[reply.account.userId] }),
  refetchInterval: POLLING_MS.subAccounts,
};

/** 'Update account': approving opens the account on the platform. Errors stay in the modal. */
export function useUpdateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SubAccountUpdate) =>
      ensureSuccess(await call(calls.accounts.updateSubAccountRequest, { body })),
    meta: { errorNotice: false },
    onSuccess: async (reply, body) => {
      showSuccessNotice(reply.message || 'Account updated.');
      await invalidateRecord(queryClient, subAccountKeys, body._id, [systemKeys.counters()]);
    },
  });
}
