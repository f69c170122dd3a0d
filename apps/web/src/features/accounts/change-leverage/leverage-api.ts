import {
  accountActionResponse,
  leverageListResponse,
  leverageRequestResponse,
  type LEVERAGE_LIST_STATUSES,
  type PagedRequest,
  type processLeverageRequest,
  type updateLeverageRequest,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { api, type RequestOptions } from '../../../shared/api.ts';
import { entityKeys } from '../../../shared/query-keys.ts';

export type LeverageStatus = (typeof LEVERAGE_LIST_STATUSES)[number];
export type LeverageUpdate = z.input<typeof updateLeverageRequest>['account'];
export type LeverageProcess = z.input<typeof processLeverageRequest>;

export const leverageKeys = entityKeys('leverage-requests');

const ACCOUNTS = '/api/admin/accounts';

/** Change-leverage calls of SPEC 7.4. */
export const leverageApi = {
  /** One server page of a status (the paged form of adminGetLeverageRequests). */
  page: (status: LeverageStatus, body: PagedRequest, options?: RequestOptions) =>
    api.post(`${ACCOUNTS}/adminGetLeverageRequests/paginated/${status}`, leverageListResponse, body, options),
  /** One change by id with its client (a deep link to a change not on the page). */
  one: (id: string, options?: RequestOptions) =>
    api.get(
      `${ACCOUNTS}/adminGetLeverageRequest/${encodeURIComponent(id)}`,
      leverageRequestResponse,
      options,
    ),
  update: (account: LeverageUpdate) =>
    api.post(`${ACCOUNTS}/adminUpdateAccountLeverage`, accountActionResponse, { account }),
  process: (body: LeverageProcess) =>
    api.post(`${ACCOUNTS}/adminProcessLeverageUpdate`, accountActionResponse, body),
};
