import type { FastifyRequest } from 'fastify';
import {
  fundingActionResponse,
  processDepositRequest,
  processTransferRequest,
  processWithdrawalRequest,
  updateDepositRequest,
  updateTransferRequest,
  updateWithdrawalRequest,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import type { DepositsService } from './deposits.ts';
import type { WithdrawalsService } from './withdrawals.ts';
import type { TransfersService } from './transfers.ts';
import { fundingBulkRoutes } from './bulk-routes.ts';

/** Money actions of SPEC 7.4. Each moves money at most once: a second approver gets 409. */
export function fundingActionRoutes(
  app: App,
  deps: { db: Db; deposits: DepositsService; withdrawals: WithdrawalsService; transfers: TransfersService },
): void {
  const staff = (req: FastifyRequest) => requireStaff(req.staff);
  const reply = { response: { 200: fundingActionResponse } };

  app.post(
    '/api/admin/accounts/adminUpdateDeposit',
    { schema: { body: updateDepositRequest, ...reply } },
    async (req) => deps.deposits.update(req.body.deposit, staff(req)),
  );
  app.post(
    '/api/admin/accounts/adminProcessDeposit',
    { schema: { body: processDepositRequest, ...reply } },
    async (req) => deps.deposits.process(req.body.depositId, staff(req)),
  );
  app.post(
    '/api/admin/accounts/adminUpdateWithdrawal',
    { schema: { body: updateWithdrawalRequest, ...reply } },
    async (req) => deps.withdrawals.update(req.body.withdrawal, staff(req)),
  );
  app.post(
    '/api/admin/accounts/adminProcessWithdrawal',
    { schema: { body: processWithdrawalRequest, ...reply } },
    async (req) => deps.withdrawals.process(req.body.withdrawalId, staff(req)),
  );
  // The provider variants (SPEC 7.4): the same decisions, for card-provider withdrawals only.
  app.post(
    '/api/admin/accounts/adminUpdateProviderWithdrawal',
    { schema: { body: updateWithdrawalRequest, ...reply } },
    async (req) => deps.withdrawals.update(req.body.withdrawal, staff(req), { providerOnly: true }),
  );
  app.post(
    '/api/admin/accounts/adminProcessProviderWithdrawal',
    { schema: { body: processWithdrawalRequest, ...reply } },
    async (req) => deps.withdrawals.process(req.body.withdrawalId, staff(req), { providerOnly: true }),
  );
  app.post(
    '/api/admin/accounts/adminUpdateTransfer',
    { schema: { body: updateTransferRequest, ...reply } },
    async (req) => deps.transfers.update(req.body.transfer, staff(req)),
  );
  app.post(
    '/api/admin/accounts/adminProcessTransfer',
    { schema: { body: processTransferRequest, ...reply } },
    async (req) => deps.transfers.process(req.body.transferId, staff(req)),
  );
  // The same decisions on many rows at once (issue 20).
  fundingBulkRoutes(app, deps);
}
