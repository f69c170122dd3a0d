import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import type { DecisionEngine } from '../requests/engine.ts';
import { depositKind } from './deposits.ts';
import { withdrawalKind } from './withdrawals.ts';
import { transferKind } from './transfers.ts';

/** The money decisions: each moves money at most once; a second approver gets 409. */
export function fundingActionRoutes(app: App, deps: { engine: DecisionEngine }): void {
  const { engine } = deps;
  const staff = (req: Pick<CallRequest<never>, 'staff'>) => requireStaff(req.staff);
  const { funding } = calls;

  route(app, funding.updateDeposit, async (req) => {
    const { _id, ...decision } = req.body.deposit;
    return engine.decide(depositKind, { id: _id, ...decision }, staff(req));
  });
  route(app, funding.processDeposit, async (req) =>
    engine.decideStored(depositKind, req.body.depositId, staff(req)),
  );
  route(app, funding.updateWithdrawal, async (req) => {
    const { _id, ...decision } = req.body.withdrawal;
    return engine.decide(withdrawalKind, { id: _id, ...decision }, staff(req));
  });
  route(app, funding.processWithdrawal, async (req) =>
    engine.decideStored(withdrawalKind, req.body.withdrawalId, staff(req)),
  );
  // The provider variants: the same decisions, for card-provider withdrawals only.
  route(app, funding.updateProviderWithdrawal, async (req) => {
    const { _id, ...decision } = req.body.withdrawal;
    return engine.decide(withdrawalKind, { id: _id, ...decision, providerOnly: true }, staff(req));
  });
  route(app, funding.processProviderWithdrawal, async (req) =>
    engine.decideStored(withdrawalKind, req.body.withdrawalId, staff(req), { providerOnly: true }),
  );
  route(app, funding.updateTransfer, async (req) => {
    const { _id, ...decision } = req.body.transfer;
    return engine.decide(transferKind, { id: _id, ...decision }, staff(req));
  });
  route(app, funding.processTransfer, async (req) =>
    engine.decideStored(transferKind, req.body.transferId, staff(req)),
  );
}
