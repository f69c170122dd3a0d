import type { changeAccountTypeRequest } from '@brokerdesk/contract';
import {
  calls,
  type partnerEmailSettingsResponse,
  type EditUserRequest,
  type FundingType,
  type PagedRequest,
  type RegisterUserRequest,
  type UserListStatus,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { call, type RequestOptions } from '../../shared/api.ts';

type ChangeAccountType = z.input<typeof changeAccountTypeRequest>;
export type PartnerSettingsBody = Omit<z.infer<typeof partnerEmailSettingsResponse>[number], 'agentCode'> & {
  agentCode: number | null;
};
export type ProcessUserBody = { userId: string; status: 'approved' | 'pending' | 'rejected'; reason: string };

/** Timeline entries per page ("Show older" asks for the next). */
export const TIMELINE_PAGE = 20;

/**
 * The calls of docs/product.md [calls.clients] and the partner mail settings of [calls.partners], typed by
 * the contract.
 */
export const clientApi = {
  list: (status: UserListStatus, body: PagedRequest, options?: RequestOptions) =>
    call(calls.clients.pageUsers, { params: { status }, body }, options),
  profile: (id: string, options?: RequestOptions) =>
    call(calls.clients.getProfile, { params: { id } }, options),
  register: (body: RegisterUserRequest) => call(calls.clients.registerUser, { body }),
  edit: (body: EditUserRequest) => call(calls.clients.editUser, { body }),
  changeAccountType: (body: ChangeAccountType) => call(calls.clients.changeAccountType, { body }),
  renameTradingAccounts: (body: { userData: { _id: string } }) =>
    call(calls.accounts.renameTradingAccounts, { body }),
  logs: (userId: string, options?: RequestOptions) =>
    call(calls.clients.listLogs, { params: { userId } }, options),
  addLog: (body: { userId: string; event: string }) => call(calls.clients.addLog, { body }),
  process: (body: ProcessUserBody) => call(calls.clients.processUser, { body }),
  application: (id: string, options?: RequestOptions) =>
    call(calls.clients.getApplication, { params: { id } }, options),
  kycDocuments: (id: string, options?: RequestOptions) =>
    call(calls.clients.listKycDocuments, { params: { id } }, options),
  kycApplicant: (id: string, options?: RequestOptions) =>
    call(calls.clients.getKycApplicant, { params: { id } }, options),
  /** One page of the activity timeline, newest first; `before` is the previous page's `next`. */
  timeline: (id: string, before: string | null, options?: RequestOptions) =>
    call(
      calls.clients.getTimeline,
      { params: { id }, query: { limit: TIMELINE_PAGE, before: before ?? undefined } },
      options,
    ),
  bankAccounts: (id: string, options?: RequestOptions) =>
    call(calls.banks.listClientBankAccounts, { params: { id } }, options),
  partnerSettings: (userId: string, options?: RequestOptions) =>
    call(calls.clients.getPartnerEmailSettings, { params: { userId } }, options),
  savePartnerSettings: (body: PartnerSettingsBody) =>
    call(calls.clients.updatePartnerEmailSettings, { body }),
  fundingHistory: (
    params: { userId: string; type: FundingType; approved: 'approved' | 'all' },
    body: PagedRequest,
    options?: RequestOptions,
  ) => call(calls.funding.pageClientFundingHistory, { params, body }, options),
};
