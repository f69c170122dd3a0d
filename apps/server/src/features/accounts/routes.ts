import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  accountActionResponse,
  accountsListResponse,
  accountsPageRequest,
  accountsPageResponse,
  changeAccountNamesRequest,
  createSubAccountRequest,
  createSubAccountResponse,
  idSchema,
  LEVERAGE_LIST_STATUSES,
  leverageListResponse,
  liveOrDemoSchema,
  passwordCheckRequest,
  passwordCheckResponse,
  processLeverageRequest,
  subAccountListResponse,
  updateAccountRequest,
  updateAccountResponse,
  updateLeverageRequest,
  updateSubAccountRequest,
  walletAccountsResponse,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { clientAccounts, pageAccounts, subAccountRequestsList } from './list.ts';
import { AccountsService } from './service.ts';
import { LeverageService } from './leverage.ts';

const approvedParam = z.enum(['approved', 'pending', 'all']);

/** Trading accounts, leverage, sub-accounts and passwords (SPEC 2.10, 2.11, 2.18, 2.19, 7.4). */
export function accountsRoutes(app: App, deps: { db: Db; clock: Clock; wakeWorker: () => void }): void {
  const { db } = deps;
  const accounts = new AccountsService(db, deps.clock, deps.wakeWorker);
  const leverage = new LeverageService(db, deps.clock, deps.wakeWorker);
  const staff = (req: FastifyRequest) => requireStaff(req.staff);

  app.get(
    '/api/admin/accounts/adminGetAccounts/:userId/:type/:approved',
    {
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
    { schema: { body: updateAccountRequest, response: { 200: updateAccountResponse } } },
    async (req) => accounts.update(req.body, staff(req)),
  );
  app.post(
    '/api/admin/accounts/adminCheckAccountPasswordChangeStatus',
    { schema: { body: passwordCheckRequest, response: { 200: passwordCheckResponse } } },
    async (req) => accounts.passwordStatus(req.body.accountId),
  );
  app.post(
    '/api/admin/accounts/adminCreateSubAccount',
    { schema: { body: createSubAccountRequest, response: { 200: createSubAccountResponse } } },
    async (req) => accounts.createSubAccount(req.body, staff(req)),
  );
  app.get(
    '/api/admin/accounts/adminGetSubAccountRequests/:live/:status',
    {
      config: { background: true },
      schema: {
        params: z.object({
          live: z.enum(['all', 'live', 'demo']),
          status: z.enum(['all', 'pending', 'approved', 'rejected', 'error']),
        }),
        response: { 200: subAccountListResponse },
      },
    },
    async (req) => subAccountRequestsList(db, req.params.live, req.params.status),
  );
  app.post(
    '/api/admin/accounts/adminUpdateSubAccountRequest',
    { schema: { body: updateSubAccountRequest, response: { 200: accountActionResponse } } },
    async (req) => accounts.updateSubAccountRequest(req.body, staff(req)),
  );
  app.post(
    '/api/admin/accounts/changeTradingAccountNames',
    { schema: { body: changeAccountNamesRequest, response: { 200: accountActionResponse } } },
    async (req) => accounts.renameAccounts(String(req.body.userData._id), staff(req)),
  );
  app.get(
    '/api/admin/accounts/adminGetLeverageRequests/:status',
    {
      schema: {
        params: z.object({ status: z.enum(LEVERAGE_LIST_STATUSES) }),
        response: { 200: leverageListResponse },
      },
    },
    async (req) => leverage.list(req.params.status),
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
}
