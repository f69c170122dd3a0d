import { calls, type PagedRequest } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import {
  clientAccounts,
  oneAccount,
  oneSubAccountRequest,
  pageAccounts,
  subAccountRequestsList,
} from './list.ts';
import type { AccountsService } from './service.ts';
import { leverageKind } from './leverage.ts';
import type { LeverageService } from './leverage-list.ts';
import { subAccountKind } from './sub-account-kind.ts';
import type { DecisionEngine } from '../requests/engine.ts';

/** A GET list's ?page=&sizePerPage=, in the default order with no filter. */
const pageOnly = (q: { page: number; sizePerPage: number }): PagedRequest => ({
  ...q,
  sortOrder: 'desc',
  filters: {},
});

/**
 * Trading accounts, leverage, sub-accounts and passwords (docs/product.md [screen.wallet-accounts],
 * [screen.trading-accounts], [screen.leverage-requests], [screen.sub-account-requests],
 * [calls.accounts-funding]).
 */
export function accountsRoutes(
  app: App,
  deps: { db: Db; accounts: AccountsService; leverage: LeverageService; engine: DecisionEngine },
): void {
  const { db, accounts, leverage, engine } = deps;
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
  // The sub-account list loader (docs/product.md [calls.accounts-funding], path ours): the first page, or any
  // page with ?page=&sizePerPage=.
  route(app, def.listSubAccountRequests, async (req) =>
    subAccountRequestsList(db, req.params.live, req.params.status, pageOnly(req.query)),
  );
  // The screen's server-paged form: page, size, sort and filters (polled every 5 s,
  // docs/product.md [const.polling]).
  route(app, def.pageSubAccountRequests, async (req) =>
    subAccountRequestsList(db, req.params.live, req.params.status, req.body),
  );
  // One request by id (path ours): a deep link to a request that is not on the list's page.
  route(app, def.getSubAccountRequest, async (req) => oneSubAccountRequest(db, req.params.id));
  route(app, def.updateSubAccountRequest, async (req) => {
    const { _id, ...decision } = req.body;
    return engine.decide(subAccountKind, { id: _id, ...decision }, staff(req));
  });
  route(app, def.renameTradingAccounts, async (req) =>
    accounts.renameAccounts(String(req.body.userData._id), staff(req)),
  );
  route(app, def.listLeverageRequests, async (req) => leverage.list(req.params.status, pageOnly(req.query)));
  route(app, def.pageLeverageRequests, async (req) => leverage.list(req.params.status, req.body));
  // One change by id (path ours): a deep link to a change that is not on the list's page.
  route(app, def.getLeverageRequest, async (req) => leverage.one(req.params.id));
  route(app, def.updateAccountLeverage, async (req) => {
    const { _id, status, comment } = req.body.account;
    return engine.decide(leverageKind, { id: _id, status, comment }, staff(req));
  });
  route(app, def.processLeverageUpdate, async (req) =>
    engine.decide(
      leverageKind,
      {
        id: req.body.changeLeverageId,
        status: req.body.status === 'approved' ? ('approve_process' as const) : ('rejected' as const),
        comment: req.body.comment,
      },
      staff(req),
    ),
  );
}
