import { calls, type PagedRequest } from '@brokerdesk/contract';
import type { z } from 'zod';
import { call, type RequestOptions } from '../../shared/api.ts';

export type LiveOrDemo = 'live' | 'demo';
export type UpdateAccountBody = z.input<typeof calls.accounts.updateAccount.body>;
export type CreateAccountBody = z.input<typeof calls.accounts.createSubAccount.body>;

/**
 * The trading-account calls of docs/product.md [calls.accounts-funding] used by the account screens, typed by
 * the contract.
 */
export const accountsApi = {
  /** LIVE and DEMO tabs: approved accounts only, the ones that exist on the platform. */
  page: (kind: LiveOrDemo, body: PagedRequest, options?: RequestOptions) =>
    call(
      calls.accounts.pageAccounts,
      { params: { all: 'all', type: kind, approved: 'approved' }, body },
      options,
    ),
  /** Wallet accounts: the clients' live, approved accounts (docs/decisions.md). */
  walletPage: (body: PagedRequest, options?: RequestOptions) =>
    call(calls.accounts.pageWalletAccounts, { body }, options),
  /** One client's live, approved accounts (the profile card). */
  ofClient: (userId: string, options?: RequestOptions) =>
    call(
      calls.accounts.listClientAccounts,
      { params: { userId, type: 'live', approved: 'approved' } },
      options,
    ),
  /** One account by id with its client (a deep link to an account not on the page). */
  one: (id: string, options?: RequestOptions) => call(calls.accounts.getAccount, { params: { id } }, options),
  update: (body: UpdateAccountBody) => call(calls.accounts.updateAccount, { body }),
  checkPassword: (accountId: string) =>
    call(calls.accounts.checkAccountPasswordChange, { body: { accountId } }),
  create: (body: CreateAccountBody) => call(calls.accounts.createSubAccount, { body }),
  /** Staff id -> name, for the admin column (docs/product.md [role.admins-list]). */
  admins: (options?: RequestOptions) => call(calls.clients.listAdmins, undefined, options),
};
