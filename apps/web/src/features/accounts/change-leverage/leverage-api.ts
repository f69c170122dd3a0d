import {
  calls,
  type LEVERAGE_LIST_STATUSES,
  type LeverageChange,
  type LeverageRequestResponse,
  type PagedRequest,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { call, type RequestOptions } from '../../../shared/api.ts';
import { entityKeys } from '../../../shared/query-keys.ts';
import type { RequestCalls } from '../account-requests.ts';

export type LeverageStatus = (typeof LEVERAGE_LIST_STATUSES)[number];
export type LeverageUpdate = z.input<typeof calls.accounts.updateAccountLeverage.body>['account'];
export type LeverageProcess = z.input<typeof calls.accounts.processLeverageUpdate.body>;

export const leverageKeys = entityKeys('leverage-requests');

/** Change-leverage calls of docs/product.md [calls.accounts-funding]. */
export const leverageApi = {
  /** One server page of a status (the paged form of adminGetLeverageRequests). */
  page: (status: LeverageStatus, body: PagedRequest, options?: RequestOptions) =>
    call(calls.accounts.pageLeverageRequests, { params: { status }, body }, options),
  /** One change by id with its client (a deep link to a change not on the page). */
  one: (id: string, options?: RequestOptions) =>
    call(calls.accounts.getLeverageRequest, { params: { id } }, options),
  update: (account: LeverageUpdate) => call(calls.accounts.updateAccountLeverage, { body: { account } }),
  process: (body: LeverageProcess) => call(calls.accounts.processLeverageUpdate, { body }),
};

export type LeveragePage = Awaited<ReturnType<typeof leverageApi.page>>;

/** How the Change leverage requests screen loads its list and one change by id. */
export const leverageCalls: RequestCalls<
  LeverageStatus,
  LeveragePage,
  LeverageRequestResponse,
  LeverageChange
> = {
  listKey: leverageKeys.list,
  page: leverageApi.page,
  detailKey: leverageKeys.detail,
  one: (id, signal) => leverageApi.one(id, { signal }),
  entryOf: (reply) => ({ row: reply.leverage, client: reply.users[reply.leverage.userId] }),
};
