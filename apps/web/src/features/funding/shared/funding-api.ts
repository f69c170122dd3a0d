import {
  calls,
  fundingActionResponse,
  fundingListResponse,
  fundingRequestResponse,
  withdrawalOrdersResponse,
  type FundingListRequest,
  type FundingType,
  type Withdrawal,
  type WithdrawalOrdersQuery,
  type updateDepositRequest,
  type updateTransferRequest,
  type updateWithdrawalRequest,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { api, call, type RequestOptions } from '../../../shared/api.ts';

export type DepositUpdate = z.input<typeof updateDepositRequest>['deposit'];
export type WithdrawalUpdate = z.input<typeof updateWithdrawalRequest>['withdrawal'];
export type TransferUpdate = z.input<typeof updateTransferRequest>['transfer'];
export type FundingActionReply = z.infer<typeof fundingActionResponse>;

const ACCOUNTS = '/api/admin/accounts';

/** The funding calls of SPEC 7.4 (README API table), typed by the contract. */
export const fundingApi = {
  list: (body: FundingListRequest, options?: RequestOptions) =>
    api.post(`${ACCOUNTS}/adminGetRequests/paginated`, fundingListResponse, body, options),
  /** One request by id, as its list shows it (a deep link to a row not on the page). */
  request: (type: FundingType, id: string, options?: RequestOptions) =>
    api.get(`${ACCOUNTS}/adminGetRequest/${type}/${encodeURIComponent(id)}`, fundingRequestResponse, options),
  updateDeposit: (deposit: DepositUpdate) =>
    api.post(`${ACCOUNTS}/adminUpdateDeposit`, fundingActionResponse, { deposit }),
  processDeposit: (depositId: string) =>
    api.post(`${ACCOUNTS}/adminProcessDeposit`, fundingActionResponse, { depositId }),
  /** Card-provider withdrawals go through the provider variant of the calls (SPEC 7.4). */
  updateWithdrawal: (withdrawal: WithdrawalUpdate, providerHandled: boolean) =>
    api.post(
      `${ACCOUNTS}/${providerHandled ? 'adminUpdateProviderWithdrawal' : 'adminUpdateWithdrawal'}`,
      fundingActionResponse,
      { withdrawal },
    ),
  processWithdrawal: (w: Pick<Withdrawal, '_id' | 'providerHandled'>) =>
    api.post(
      `${ACCOUNTS}/${w.providerHandled ? 'adminProcessProviderWithdrawal' : 'adminProcessWithdrawal'}`,
      fundingActionResponse,
      { withdrawalId: w._id },
    ),
  /** The 'Orders' table: card-provider withdrawals, paged by the server (query-string paging). */
  withdrawalOrders: (query: WithdrawalOrdersQuery, options?: RequestOptions) =>
    api.get(
      `${ACCOUNTS}/adminGetWithdrawalOrders?${toQueryString(query)}`,
      withdrawalOrdersResponse,
      options,
    ),
  updateTransfer: (transfer: TransferUpdate) =>
    api.post(`${ACCOUNTS}/adminUpdateTransfer`, fundingActionResponse, { transfer }),
  processTransfer: (transferId: string) =>
    api.post(`${ACCOUNTS}/adminProcessTransfer`, fundingActionResponse, { transferId }),
  bankAccount: (id: string, options?: RequestOptions) =>
    call(calls.banks.getBankAccount, { params: { id } }, options),
};

function toQueryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}
