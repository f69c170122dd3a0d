import { calls } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import type { DepositsService } from './deposits.ts';
import type { WithdrawalsService } from './withdrawals.ts';
import type { TransfersService } from './transfers.ts';
import { fundingBulkRoutes } from './bulk-routes.ts';

/** Money actions of SPEC 7.4. Each moves money at most once: a second approver gets 409. */
export function fundingActionRoutes(
  app: App,
  deps: { db: Db; deposits: DepositsService; withdrawals: WithdrawalsService; transfers: TransfersService },
): void {
  const staff = (req: Pick<CallRequest<never>, 'staff'>) => requireStaff(req.staff);
  const { funding } = calls;

  route(app, funding.updateDeposit, async (req) => deps.deposits.update(req.body.deposit, staff(req)));
  route(app, funding.processDeposit, async (req) => deps.deposits.process(req.body.depositId, staff(req)));
  route(app, funding.updateWithdrawal, async (req) =>
    deps.withdrawals.update(req.body.withdrawal, staff(req)),
  );
  route(app, funding.processWithdrawal, async (req) =>
    deps.withdrawals.process(req.body.withdrawalId, staff(req)),
  );
  // The provider variants (SPEC 7.4): the same decisions, for card-provider withdrawals only.
  route(app, funding.updateProviderWithdrawal, async (req) =>
    deps.withdrawals.update(req.body.withdrawal, staff(req), { providerOnly: true }),
  );
  route(app, funding.processProviderWithdrawal, async (req) =>
    deps.withdrawals.process(req.body.withdrawalId, staff(req), { providerOnly: true }),
  );
  route(app, funding.updateTransfer, async (req) => deps.transfers.update(req.body.transfer, staff(req)));
  route(app, funding.processTransfer, async (req) => deps.transfers.process(req.body.transferId, staff(req)));
  // The same decisions on many rows at once (issue 20).
  fundingBulkRoutes(app, deps);
}
