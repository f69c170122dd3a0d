import {
  calls,
  type BANK_LIST_STATUSES,
  type BankAccountsPageResponse,
  type BankDetailsResponse,
  type Filter,
  type PagedRequest,
  type UpdateBankAccountRequest,
} from '@brokerdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type RequestOptions } from '../../../shared/api.ts';
import { isRefetch, signedLinkOptions } from '../../../shared/background-fetch.ts';
import { toPagedRequest, type ListState } from '../../../shared/data-table/index.ts';
import { ensureSuccess } from '../../../shared/ensure-success.ts';
import { invalidateRecord } from '../../../shared/invalidate-record.ts';
import { showSuccessNotice } from '../../../shared/notify.ts';
import { systemKeys } from '../../../shared/query-keys.ts';
import { useLinkedRow } from '../../../shared/use-linked-row.ts';
import { fundingApi } from '../shared/funding-api.ts';
import { bankKeys } from '../shared/funding-keys.ts';
import { uploadStatement } from './bank-upload.ts';

export type BankListStatus = (typeof BANK_LIST_STATUSES)[number];

/** Statement links are signed for 5 minutes: fetch the details afresh, and again while a modal is open. */
const LINK_REFRESH_MS = 4 * 60_000;

/** One server page of a status tab (the paged form of adminGetBankAccounts; path ours). */
export const pageBankAccounts = (status: BankListStatus, body: PagedRequest, options?: RequestOptions) =>
  call(calls.banks.pageBankAccounts, { params: { status }, body }, options);

/**
 * One server page of the bank accounts of a status, as the list state (URL) asks. Its key sits under
 * bankKeys.lists(), so a save and the live `bank_accounts` topic reload it.
 */
export function useBankAccountsPage(
  status: BankListStatus,
  state: ListState,
  filterTypes: Readonly<Record<string, Filter['filterType']>>,
) {
  const request = toPagedRequest(state, filterTypes);
  return useQuery({
    queryKey: bankKeys.list({ status, ...request }),
    queryFn: (ctx) => pageBankAccounts(status, request, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
  });
}

/** One bank account with its client and a fresh link to its statement. */
export function useBankDetails(id: string) {
  return useQuery({
    queryKey: bankKeys.detail(id),
    queryFn: (ctx) => fundingApi.bankAccount(id, { signal: ctx.signal, background: isRefetch(ctx) }),
    ...signedLinkOptions(LINK_REFRESH_MS),
  });
}

const sameId = (id: string) => id;

/**
 * The bank account whose modal is open, by the URL's `open` param (use-linked-row.ts). The modal loads
 * the account itself; an id the loaded page lacks (another page or status, filtered out) is checked
 * with the same call first, so a link to no account just drops the param.
 */
export function useLinkedBankAccount(page: BankAccountsPageResponse | undefined) {
  const linked = useLinkedRow<string, BankDetailsResponse>({
    idOf: sameId,
    loaded: !!page,
    fromLoaded: (id) => (page?.bankAccounts.some((b) => b._id === id) ? id : undefined),
    fetch: {
      queryKey: (id) => bankKeys.detail(id),
      queryFn: (id, signal) => fundingApi.bankAccount(id, { signal }),
      toEntry: (reply) => reply.bankAccount._id,
    },
  });
  return { openId: linked.entry, open: linked.open, close: linked.close };
}

export type BankSave = {
  body: UpdateBankAccountRequest;
  userId: string;
  /** A new statement to upload first; its stored name goes out as bankPOA. */
  statement: File | null;
};

/** 'Bank details' save: the statement upload (when chosen), then the update. Errors stay in the modal. */
export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, userId, statement }: BankSave) => {
      const upload = statement ? await uploadStatement(userId, statement) : null;
      const withDocument = upload ? { ...body, bankPOA: upload.file, changeDocument: true } : body;
      return ensureSuccess(await call(calls.banks.updateBankAccount, { body: withDocument }));
    },
    meta: { errorNotice: false },
    onSuccess: async (reply, { body }) => {
      showSuccessNotice(reply.message);
      await invalidateRecord(queryClient, bankKeys, body._id, [systemKeys.counters()]);
    },
  });
}
