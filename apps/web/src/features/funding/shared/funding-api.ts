import {
  calls,
  type fundingActionResponse,
  type FundingListRequest,
  type FundingType,
  type Withdrawal,
  type WithdrawalOrdersQuery,
  type updateDepositRequest,
  type updateTransferRequest,
  type updateWithdrawalRequest,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { call, type RequestOptions } from '../../../shared/api.ts';

export type DepositUpdate = z.input<typeof updateDepositRequest>['deposit'];
export type WithdrawalUpdate = z.input<typeof updateWithdrawalRequest>['withdrawal'];
export type TransferUpdate = z.input<typeof updateTransferRequest>['transfer'];
export type FundingActionReply = z.infer<typeof fundingActionResponse>;

/**
 * The funding calls of docs/product.md [calls.accounts-funding] (README API table), typed by the contract.
 */
export const fundingApi = {
  list: (body: FundingListRequest, options?: RequestOptions) =>
    call(calls.funding.listFundingRequests, { body }, options),
  /** One request by id, as its list shows it (a deep link to a row not on the page). */
  request: (type: FundingType, id: string, options?: RequestOptions) =>
    call(calls.funding.getFundingRequest, { params: { type, id } }, options),
  updateDeposit: (deposit: DepositUpdate) => call(calls.funding.updateDeposit, { body: { deposit } }),
  processDeposit: (depositId: string) => call(calls.funding.processDeposit, { body: { depositId } }),
  /**
   * Card-provider withdrawals go through the provider variant of the calls
   * (docs/product.md [calls.accounts-funding]).
   */
  updateWithdrawal: (withdrawal: WithdrawalUpdate, providerHandled: boolean) =>
    call(providerHandled ? calls.funding.updateProviderWithdrawal : calls.funding.updateWithdrawal, {
      body: { withdrawal },
    }),
  processWithdrawal: (w: Pick<Withdrawal, '_id' | 'providerHandled'>) =>
    call(w.providerHandled ? calls.funding.processProviderWithdrawal : calls.funding.processWithdrawal, {
      body: { withdrawalId: w._id },
    }),
  /** The 'Orders' table: card-provider withdrawals, paged by the server (query-string paging). */
  withdrawalOrders: (query: WithdrawalOrdersQuery, options?: RequestOptions) =>
    call(calls.funding.listWithdrawalOrders, { query }, options),
  updateTransfer: (transfer: TransferUpdate) => call(calls.funding.updateTransfer, { body: { transfer } }),
  processTransfer: (transferId: string) => call(calls.funding.processTransfer, { body: { transferId } }),
  bankAccount: (id: string, options?: RequestOptions) =>
    call(calls.banks.getBankAccount, { params: { id } }, options),
};
