import {
  calls,
  type AddIbCodeRequest,
  type AddIbSlotsRequest,
  type PagedRequest,
  type GenerateCodesRequest,
  type ProcessIbRequestRequest,
  type RenameIbCodeRequest,
} from '@brokerdesk/contract';
import { call, type RequestOptions } from '../../shared/api.ts';

/** The IB request and IB code calls of docs/product.md [calls.partners], typed by the contract. */
export const partnersApi = {
  /** One server page (the paged form of adminGetIbRequests). */
  ibRequests: (body: PagedRequest, options?: RequestOptions) =>
    call(calls.partners.pageIbRequests, { body }, options),
  /** One request by id with its client (a deep link to a request not on the page). */
  ibRequest: (id: string, options?: RequestOptions) =>
    call(calls.partners.getIbRequest, { params: { id } }, options),
  processIbRequest: (body: ProcessIbRequestRequest) => call(calls.partners.processIbRequest, { body }),
  /** One server page of introducers with the counters (the paged form of adminGetIbCodes). */
  ibCodes: (body: PagedRequest, options?: RequestOptions) =>
    call(calls.partners.pageIbCodes, { body }, options),
  /** Raises the quotas (SYSOP). */
  addSlots: (body: AddIbSlotsRequest) => call(calls.partners.addIbSlots, { body }),
  generatedCodes: (agentCode: number, options?: RequestOptions) =>
    call(calls.partners.listGeneratedCodes, { params: { agentCode } }, options),
  addIntroducer: (body: AddIbCodeRequest) => call(calls.partners.addIbCode, { body }),
  /** The inline rename: the same update function with newCode false (docs/product.md [calls.partners]). */
  renameIntroducer: (body: RenameIbCodeRequest) => call(calls.partners.updateIbCode, { body }),
  generateCodes: (body: GenerateCodesRequest) => call(calls.partners.generateCodes, { body }),
};
