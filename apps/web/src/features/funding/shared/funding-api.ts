import {
  bankDetailsResponse,
  fundingActionResponse,
  fundingListResponse,
  type FundingListRequest,
  type updateDepositRequest,
  type updateTransferRequest,
  type updateWithdrawalRequest,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { api, type RequestOptions } from '../../../shared/api.ts';

export type DepositUpdate = z.input<typeof updateDepositRequest>['deposit'];
export type WithdrawalUpdate = z.input<typeof updateWithdrawalRequest>['withdrawal'];
export type TransferUpdate = z.input<typeof updateTransferRequest>['transfer'];
export type FundingActionReply = z.infer<typeof fundingActionResponse>;

const ACCOUNTS = '/api/admin/accounts';

/** The funding calls of SPEC 7.4 (README API table), typed by the contract. */
export const fundingApi = {
  list: (body: FundingListRequest, options?: RequestOptions) =>
    api.post(`${ACCOUNTS}/adminGetRequests/paginated`, fundingListResponse, body, options),
  updateDeposit: (deposit: DepositUpdate) =>
    api.post(`${ACCOUNTS}/adminUpdateDeposit`, fundingActionResponse, { deposit }),
  processDeposit: (depositId: string) =>
    api.post(`${ACCOUNTS}/adminProcessDeposit`, fundingActionResponse, { depositId }),
  updateWithdrawal: (withdrawal: WithdrawalUpdate) =>
    api.post(`${ACCOUNTS}/adminUpdateWithdrawal`, fundingActionResponse, { withdrawal }),
  processWithdrawal: (withdrawalId: string) =>
    api.post(`${ACCOUNTS}/adminProcessWithdrawal`, fundingActionResponse, { withdrawalId }),
  updateTransfer: (transfer: TransferUpdate) =>
    api.post(`${ACCOUNTS}/adminUpdateTransfer`, fundingActionResponse, { transfer }),
  processTransfer: (transferId: string) =>
    api.post(`${ACCOUNTS}/adminProcessTransfer`, fundingActionResponse, { transferId }),
  bankAccount: (id: string, options?: RequestOptions) =>
    api.get(`${ACCOUNTS}/adminGetBankAccount/${encodeURIComponent(id)}`, bankDetailsResponse, options),
};
