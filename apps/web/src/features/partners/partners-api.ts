import {
  generateCodesResponse,
  generatedCodesResponse,
  ibCodeResponse,
  ibCodesResponse,
  ibRequestsResponse,
  processIbRequestResponse,
  type AddIbCodeRequest,
  type GenerateCodesRequest,
  type ProcessIbRequestRequest,
  type RenameIbCodeRequest,
} from '@brokerdesk/contract';
import { api, type RequestOptions } from '../../shared/api.ts';

/** The IB request and IB code calls of SPEC 7.3, typed by the contract. */
export const partnersApi = {
  ibRequests: (options?: RequestOptions) =>
    api.get('/api/admin/users/adminGetIbRequests', ibRequestsResponse, options),
  processIbRequest: (body: ProcessIbRequestRequest) =>
    api.post('/api/admin/users/processIbRequest', processIbRequestResponse, body),
  ibCodes: (options?: RequestOptions) =>
    api.get('/api/admin/users/adminGetIbCodes', ibCodesResponse, options),
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
