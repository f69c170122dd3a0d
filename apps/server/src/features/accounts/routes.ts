import { calls, type PagedRequest } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { bulkRoute } from '../../http/bulk.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
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
  const staff = (req: Pick<CallRequest<never>, 'staff'>) => requireStaff(req.staff);

  const def = calls.accounts;

  route(app, def.listClientAccounts, async (req) =>
    clientAccounts(db, req.params.userId, req.params.type === 'live', req.params.approved),
  );
  route(app, def.pageAccounts, async (req) =>
    pageAccounts(db, req.params.type === 'live', req.params.approved, req.body),
  );
  // One account by id (path ours): a deep link to an account that is not on the list's page.
  route(app, def.getAccount, async (req) => oneAccount(db, req.params.id));
  // Wallet accounts: the clients' live, approved accounts (docs/decisions.md), newest first.
  route(app, def.listWalletAccounts, async () => {
    const page = await pageAccounts(db, true, 'approved', {
      page: 1,
      sizePerPage: 100,
      sortOrder: 'desc',
      filters: {},
    });
    return { users: page.data.users, accounts: page.data.accounts };
  });
  route(app, def.pageWalletAccounts, async (req) => pageAccounts(db, true, 'approved', req.body));
  route(app, def.updateAccount, async (req) => accounts.update(req.body, staff(req)));
  route(app, def.checkAccountPasswordChange, async (req) => accounts.passwordStatus(req.body.accountId));
  route(app, def.createSubAccount, async (req) => accounts.createSubAccount(req.body, staff(req)));
  // The sub-account list loader (SPEC 7.4, path ours): the first page, or any page with ?page=&sizePerPage=.
  route(app, def.listSubAccountRequests, async (req) =>
    subAccountRequestsList(db, req.params.live, req.params.status, pageOnly(req.query)),
  );
  // The screen's server-paged form: page, size, sort and filters (polled every 5 s, SPEC 9).
  route(app, def.pageSubAccountRequests, async (req) =>
    subAccountRequestsList(db, req.params.live, req.params.status, req.body),
  );
  // One request by id (path ours): a deep link to a request that is not on the list's page.
  route(app, def.getSubAccountRequest, async (req) => oneSubAccountRequest(db, req.params.id));
  route(app, def.updateSubAccountRequest, async (req) =>
    accounts.updateSubAccountRequest(req.body, staff(req)),
  );
  route(app, def.renameTradingAccounts, async (req) =>
    accounts.renameAccounts(String(req.body.userData._id), staff(req)),
  );
  route(app, def.listLeverageRequests, async (req) => leverage.list(req.params.status, pageOnly(req.query)));
  route(app, def.pageLeverageRequests, async (req) => leverage.list(req.params.status, req.body));
  // One change by id (path ours): a deep link to a change that is not on the list's page.
  route(app, def.getLeverageRequest, async (req) => leverage.one(req.params.id));
  route(app, def.updateAccountLeverage, async (req) =>
    leverage.decide(req.body.account._id, req.body.account.status, req.body.account.comment, staff(req)),
  );
  route(app, def.processLeverageUpdate, async (req) =>
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
