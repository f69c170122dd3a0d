import {
  accountsListResponse,
  accountsPageResponse,
  adminsResponse,
  createSubAccountResponse,
  passwordCheckResponse,
  tradingAccountResponse,
  updateAccountResponse,
  type createSubAccountRequest,
  type PagedRequest,
  type updateAccountRequest,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { api, type RequestOptions } from '../../shared/api.ts';

export type LiveOrDemo = 'live' | 'demo';
export type UpdateAccountBody = z.input<typeof updateAccountRequest>;
export type CreateAccountBody = z.input<typeof createSubAccountRequest>;

const enc = encodeURIComponent;

/** The trading-account calls of SPEC 7.4 used by the account screens, typed by the contract. */
export const accountsApi = {
  /** LIVE and DEMO tabs: approved accounts only, the ones that exist on the platform. */
  page: (kind: LiveOrDemo, body: PagedRequest, options?: RequestOptions) =>
    api.post(
      `/api/admin/accounts/adminGetAccounts/paginated/all/${kind}/approved`,
      accountsPageResponse,
      body,
      options,
    ),
  /** Wallet accounts: the clients' live, approved accounts (docs/decisions.md). */
  walletPage: (body: PagedRequest, options?: RequestOptions) =>
    api.post('/api/admin/accounts/adminGetWalletAccounts/paginated', accountsPageResponse, body, options),
  /** One client's live, approved accounts (the profile card). */
  ofClient: (userId: string, options?: RequestOptions) =>
    api.get(
      `/api/admin/accounts/adminGetAccounts/${enc(userId)}/live/approved`,
      accountsListResponse,
      options,
    ),
  /** One account by id with its client (a deep link to an account not on the page). */
  one: (id: string, options?: RequestOptions) =>
    api.get(`/api/admin/accounts/adminGetAccount/${enc(id)}`, tradingAccountResponse, options),
  update: (body: UpdateAccountBody) =>
    api.post('/api/admin/accounts/adminUpdateAccount', updateAccountResponse, body),
  checkPassword: (accountId: string) =>
    api.post('/api/admin/accounts/adminCheckAccountPasswordChangeStatus', passwordCheckResponse, {
      accountId,
    }),
  create: (body: CreateAccountBody) =>
    api.post('/api/admin/accounts/adminCreateSubAccount', createSubAccountResponse, body),
  /** Staff id -> name, for the admin column (SPEC 6 "looked up from an admins list"). */
  admins: (options?: RequestOptions) => api.get('/api/admin/users/getAdmins', adminsResponse, options),
};
