import type { changeAccountTypeRequest } from '@brokerdesk/contract';
import {
  calls,
  clientApplicationResponse,
  kycApplicantResponse,
  timelineResponse,
  editUserResponse,
  fundingListResponse,
  kycDocumentsResponse,
  logsResponse,
  partnerEmailSettingsResponse,
  processUserResponse,
  profileResponse,
  registerUserResponse,
  successResponse,
  usersListResponse,
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
    api.post(`/api/admin/users/list/paginated/${status}`, usersListResponse, body, options),
  profile: (id: string, options?: RequestOptions) =>
    api.get(`/api/admin/users/profile/${enc(id)}`, profileResponse, options),
  register: (body: RegisterUserRequest) => api.post('/api/admin/users/register', registerUserResponse, body),
  edit: (body: EditUserRequest) => api.post('/api/admin/users/editUser', editUserResponse, body),
  changeAccountType: (body: ChangeAccountType) =>
    api.post('/api/admin/users/changeUserAccountType', successResponse, body),
  renameTradingAccounts: (body: { userData: { _id: string } }) =>
    api.post('/api/admin/accounts/changeTradingAccountNames', successResponse, body),
  logs: (userId: string, options?: RequestOptions) =>
    api.get(`/api/admin/users/logs/${enc(userId)}`, logsResponse, options),
  addLog: (body: { userId: string; event: string }) =>
    api.post('/api/admin/users/addLog', successResponse, body),
  process: (body: ProcessUserBody) => api.post('/api/admin/users/processUser', processUserResponse, body),
  application: (id: string, options?: RequestOptions) =>
    api.get(`/api/admin/users/getClientApplicationData/${enc(id)}`, clientApplicationResponse, options),
  kycDocuments: (id: string, options?: RequestOptions) =>
    api.get(`/api/admin/users/getKYCDocuments/${enc(id)}`, kycDocumentsResponse, options),
  kycApplicant: (id: string, options?: RequestOptions) =>
    api.get(`/api/admin/users/getKYCApplicantData/${enc(id)}`, kycApplicantResponse, options),
  /** One page of the activity timeline, newest first; `before` is the previous page's `next`. */
  timeline: (id: string, before: string | null, options?: RequestOptions) =>
    api.get(
      `/api/admin/users/timeline/${enc(id)}?limit=${TIMELINE_PAGE}${before ? `&before=${enc(before)}` : ''}`,
      timelineResponse,
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
