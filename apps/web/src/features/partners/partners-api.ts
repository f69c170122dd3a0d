import {
  addIbSlotsResponse,
  generateCodesResponse,
  generatedCodesResponse,
  ibCodeResponse,
  ibCodesResponse,
  ibRequestResponse,
  ibRequestsResponse,
  processIbRequestResponse,
  type AddIbCodeRequest,
  type AddIbSlotsRequest,
  type PagedRequest,
  type GenerateCodesRequest,
  type ProcessIbRequestRequest,
  type RenameIbCodeRequest,
} from '@brokerdesk/contract';
import { api, type RequestOptions } from '../../shared/api.ts';

/** The IB request and IB code calls of SPEC 7.3, typed by the contract. */
export const partnersApi = {
  /** One server page (the paged form of adminGetIbRequests). */
  ibRequests: (body: PagedRequest, options?: RequestOptions) =>
    api.post('/api/admin/users/adminGetIbRequests/paginated', ibRequestsResponse, body, options),
  /** One request by id with its client (a deep link to a request not on the page). */
  ibRequest: (id: string, options?: RequestOptions) =>
    api.get(`/api/admin/users/adminGetIbRequest/${encodeURIComponent(id)}`, ibRequestResponse, options),
  processIbRequest: (body: ProcessIbRequestRequest) =>
    api.post('/api/admin/users/processIbRequest', processIbRequestResponse, body),
  /** One server page of introducers with the counters (the paged form of adminGetIbCodes). */
  ibCodes: (body: PagedRequest, options?: RequestOptions) =>
    api.post('/api/admin/users/adminGetIbCodes/paginated', ibCodesResponse, body, options),
  /** Raises the quotas (SYSOP). */
  addSlots: (body: AddIbSlotsRequest) =>
    api.post('/api/admin/users/adminAddIbSlots', addIbSlotsResponse, body),
  generatedCodes: (agentCode: number, options?: RequestOptions) =>
    api.get(`/api/admin/users/adminGetGeneratedCodes/${agentCode}`, generatedCodesResponse, options),
  addIntroducer: (body: AddIbCodeRequest) =>
    api.post('/api/admin/users/adminAddIbCode', ibCodeResponse, body),
  /** The inline rename: the same update function with newCode false (SPEC 7.3). */
  renameIntroducer: (body: RenameIbCodeRequest) =>
    api.post('/api/admin/users/adminUpdateIbCode', ibCodeResponse, body),
  generateCodes: (body: GenerateCodesRequest) =>
    api.post('/api/admin/users/adminGenerateCodes', generateCodesResponse, body),
};
