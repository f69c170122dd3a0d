import type { changeAccountTypeRequest } from '@brokerdesk/contract';
import {
  calls,
  fundingListResponse,
  partnerEmailSettingsResponse,
  successResponse,
  type EditUserRequest,
  type FundingType,
  type PagedRequest,
  type RegisterUserRequest,
  type UserListStatus,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { api, call, type RequestOptions } from '../../shared/api.ts';

type ChangeAccountType = z.input<typeof changeAccountTypeRequest>;
export type PartnerSettingsBody = Omit<z.infer<typeof partnerEmailSettingsResponse>[number], 'agentCode'> & {
  agentCode: number | null;
};
export type ProcessUserBody = { userId: string; status: 'approved' | 'pending' | 'rejected'; reason: string };

const enc = encodeURIComponent;
/** Timeline entries per page ("Show older" asks for the next). */
export const TIMELINE_PAGE = 20;

/** The calls of SPEC 7.2 and the partner mail settings of 7.3, typed by the contract. */
export const clientApi = {
  list: (status: UserListStatus, body: PagedRequest, options?: RequestOptions) =>
    call(calls.clients.pageUsers, { params: { status }, body }, options),
  profile: (id: string, options?: RequestOptions) =>
    call(calls.clients.getProfile, { params: { id } }, options),
  register: (body: RegisterUserRequest) => call(calls.clients.registerUser, { body }),
  edit: (body: EditUserRequest) => call(calls.clients.editUser, { body }),
  changeAccountType: (body: ChangeAccountType) => call(calls.clients.changeAccountType, { body }),
  renameTradingAccounts: (body: { userData: { _id: string } }) =>
    api.post('/api/admin/accounts/changeTradingAccountNames', successResponse, body),
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
    api.get(
      `/api/admin/partners/getEmailNotifications/${enc(userId)}`,
      partnerEmailSettingsResponse,
      options,
    ),
  savePartnerSettings: (body: PartnerSettingsBody) =>
    api.post('/api/admin/partners/updateEmailNotifications', successResponse, body),
  fundingHistory: (
    params: { userId: string; type: FundingType; approved: 'approved' | 'all' },
    body: PagedRequest,
    options?: RequestOptions,
  ) =>
    api.post(
      `/api/admin/accounts/adminGetFundingRequests/paginated/${enc(params.userId)}/${params.type}/${params.approved}`,
      fundingListResponse,
      body,
      options,
    ),
};
