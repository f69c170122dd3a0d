import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  accountActionResponse,
  accountsListResponse,
  accountsPageRequest,
  accountsIdParams,
  accountsPageResponse,
  changeAccountNamesRequest,
  createSubAccountRequest,
  createSubAccountResponse,
  idSchema,
  LEVERAGE_LIST_STATUSES,
  leverageListResponse,
  leveragePageRequest,
  leverageRequestResponse,
  listPageQuery,
  liveOrDemoSchema,
  passwordCheckRequest,
  passwordCheckResponse,
  processLeverageRequest,
  SUB_ACCOUNT_QUERY_KINDS,
  SUB_ACCOUNT_QUERY_STATUSES,
  subAccountListResponse,
  subAccountPageRequest,
  subAccountRequestResponse,
  tradingAccountResponse,
  updateAccountRequest,
  updateAccountResponse,
  updateLeverageRequest,
  updateSubAccountRequest,
  walletAccountsResponse,
  type PagedRequest,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { bulkRoute } from '../../http/bulk.ts';
import { requireStaff } from '../../http/types.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TradingPlatform } from '../../integrations/platform/types.ts';
import {
  clientAccounts,
  oneAccount,
  oneSubAccountRequest,
  pageAccounts,
  subAccountRequestsList,
} from './list.ts';
import { AccountsService } from './service.ts';
import { LeverageService } from './leverage.ts';

const approvedParam = z.enum(['approved', 'pending', 'all']);

/** A GET list's ?page=&sizePerPage=, in the default order with no filter. */
const pageOnly = (q: { page: number; sizePerPage: number }): PagedRequest => ({
  ...q,
  sortOrder: 'desc',
  filters: {},
});

/** Trading accounts, leverage, sub-accounts and passwords (SPEC 2.10, 2.11, 2.18, 2.19, 7.4). */
export function accountsRoutes(
  app: App,
  deps: { db: Db; clock: Clock; wakeWorker: () => void; platforms?: readonly TradingPlatform[] },
): void {
  const { db } = deps;
  const accounts = new AccountsService(db, deps.clock, deps.wakeWorker);
  const leverage = new LeverageService(db, deps.clock, deps.wakeWorker);
  const staff = (req: FastifyRequest) => requireStaff(req.staff);

  app.get(
    '/api/admin/accounts/adminGetAccounts/:userId/:type/:approved',
    {
      config: { actsOnParam: 'userId' },
      schema: {
        params: z.object({ userId: idSchema, type: liveOrDemoSchema, approved: approvedParam }),
        response: { 200: accountsListResponse },
      },
    },
    async (req) => clientAccounts(db, req.params.userId, req.params.type === 'live', req.params.approved),
  );
  app.post(
    '/api/admin/accounts/adminGetAccounts/paginated/:all/:type/:approved',
    {
      schema: {
        params: z.object({ all: z.literal('all'), type: liveOrDemoSchema, approved: approvedParam }),
        body: accountsPageRequest,
        response: { 200: accountsPageResponse },
      },
    },
    async (req) => pageAccounts(db, req.params.type === 'live', req.params.approved, req.body),
  );
  // One account by id (path ours): a deep link to an account that is not on the list's page.
  app.get(
    '/api/admin/accounts/adminGetAccount/:id',
    { schema: { params: accountsIdParams, response: { 200: tradingAccountResponse } } },
    async (req) => oneAccount(db, req.params.id),
  );
  // Wallet accounts: the clients' live, approved accounts (docs/decisions.md), newest first.
  app.get(
    '/api/admin/accounts/adminGetWalletAccounts/all',
    { schema: { response: { 200: walletAccountsResponse } } },
    async () => {
      const page = await pageAccounts(db, true, 'approved', {
        page: 1,
        sizePerPage: 100,
        sortOrder: 'desc',
        filters: {},
      });
      return { users: page.data.users, accounts: page.data.accounts };
    },
  );
  app.post(
    '/api/admin/accounts/adminGetWalletAccounts/paginated',
    { schema: { body: accountsPageRequest, response: { 200: accountsPageResponse } } },
    async (req) => pageAccounts(db, true, 'approved', req.body),
  );
  app.post(
    '/api/admin/accounts/adminUpdateAccount',
    {
      config: { actsOn: ['userId'] },
      schema: { body: updateAccountRequest, response: { 200: updateAccountResponse } },
    },
    async (req) => accounts.update(req.body, staff(req)),
  );
  app.post(
    '/api/admin/accounts/adminCheckAccountPasswordChangeStatus',
    { schema: { body: passwordCheckRequest, response: { 200: passwordCheckResponse } } },
    async (req) => accounts.passwordStatus(req.body.accountId),
  );
  app.post(
    '/api/admin/accounts/adminCreateSubAccount',
    {
      config: { actsOn: ['userId'] },
      schema: { body: createSubAccountRequest, response: { 200: createSubAccountResponse } },
    },
    async (req) => accounts.createSubAccount(req.body, staff(req)),
  );
  const subAccountParams = z.object({
    live: z.enum(SUB_ACCOUNT_QUERY_KINDS),
    status: z.enum(SUB_ACCOUNT_QUERY_STATUSES),
  });
  // The sub-account list loader (SPEC 7.4, path ours): the first page, or any page with ?page=&sizePerPage=.
  app.get(
    '/api/admin/accounts/adminGetSubAccountRequests/:live/:status',
    {
      config: { background: true },
      schema: {
        params: subAccountParams,
        querystring: listPageQuery,
        response: { 200: subAccountListResponse },
      },
    },
    async (req) => subAccountRequestsList(db, req.params.live, req.params.status, pageOnly(req.query)),
  );
  // The screen's server-paged form: page, size, sort and filters (polled every 5 s, SPEC 9).
  app.post(
    '/api/admin/accounts/adminGetSubAccountRequests/paginated/:live/:status',
    {
      config: { background: true },
      schema: {
        params: subAccountParams,
        body: subAccountPageRequest,
        response: { 200: subAccountListResponse },
      },
    },
    async (req) => subAccountRequestsList(db, req.params.live, req.params.status, req.body),
  );
  // One request by id (path ours): a deep link to a request that is not on the list's page.
  app.get(
    '/api/admin/accounts/adminGetSubAccountRequest/:id',
    { schema: { params: accountsIdParams, response: { 200: subAccountRequestResponse } } },
    async (req) => oneSubAccountRequest(db, req.params.id),
  );
  app.post(
    '/api/admin/accounts/adminUpdateSubAccountRequest',
    { schema: { body: updateSubAccountRequest, response: { 200: accountActionResponse } } },
    async (req) => accounts.updateSubAccountRequest(req.body, staff(req)),
  );
  app.post(
    '/api/admin/accounts/changeTradingAccountNames',
    {
      config: { actsOn: ['userData', '_id'] },
      schema: { body: changeAccountNamesRequest, response: { 200: accountActionResponse } },
    },
    async (req) => accounts.renameAccounts(String(req.body.userData._id), staff(req)),
  );
  const leverageParams = z.object({ status: z.enum(LEVERAGE_LIST_STATUSES) });
  app.get(
    '/api/admin/accounts/adminGetLeverageRequests/:status',
    {
      schema: { params: leverageParams, querystring: listPageQuery, response: { 200: leverageListResponse } },
    },
    async (req) => leverage.list(req.params.status, pageOnly(req.query)),
  );
  app.post(
    '/api/admin/accounts/adminGetLeverageRequests/paginated/:status',
    {
      schema: { params: leverageParams, body: leveragePageRequest, response: { 200: leverageListResponse } },
    },
    async (req) => leverage.list(req.params.status, req.body),
  );
  // One change by id (path ours): a deep link to a change that is not on the list's page.
  app.get(
    '/api/admin/accounts/adminGetLeverageRequest/:id',
    { schema: { params: accountsIdParams, response: { 200: leverageRequestResponse } } },
    async (req) => leverage.one(req.params.id),
  );
  app.post(
    '/api/admin/accounts/adminUpdateAccountLeverage',
    { schema: { body: updateLeverageRequest, response: { 200: accountActionResponse } } },
    async (req) =>
      leverage.decide(req.body.account._id, req.body.account.status, req.body.account.comment, staff(req)),
  );
  app.post(
    '/api/admin/accounts/adminProcessLeverageUpdate',
    { schema: { body: processLeverageRequest, response: { 200: accountActionResponse } } },
    async (req) =>
      leverage.decide(
        req.body.changeLeverageId,
        req.body.status === 'approved' ? 'approve_process' : 'rejected',
        req.body.comment,
        staff(req),
      ),
  );

  // Bulk Approve / Reject (issue 20): the list's Approve button (approve and set the leverage on the
  // platform) and the update modal's Reject; the sub-account modal's Approve and Reject.
  bulkRoute(app, 'leverage', {
    approve: (id, staff) => leverage.decide(id, 'approve_process', '', staff),
    reject: (id, staff, reason) => leverage.decide(id, 'rejected', reason, staff),
  });
  bulkRoute(app, 'subAccount', {
    approve: (id, staff) =>
      accounts.updateSubAccountRequest({ _id: id, status: 'approved', comment: '' }, staff),
    reject: (id, staff, reason) =>
      accounts.updateSubAccountRequest({ _id: id, status: 'rejected', comment: reason }, staff),
  });
}
