import { calls } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { bulkRoute } from '../../http/bulk.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { FileStore } from './file-store.ts';
import { BanksService } from './service.ts';
import { uploadRoutes } from './upload-routes.ts';
import { DocumentViews } from '../audit/document-views.ts';

/** Bank verification and bank-statement documents (SPEC 2.17, 7.4). */
export async function banksRoutes(
  app: App,
  deps: { db: Db; clock: Clock; dataDir: string; links: LinkSigner },
): Promise<void> {
  const files = new FileStore(deps.dataDir, deps.links);
  const banks = new BanksService(deps.db, deps.clock, files);
  const staff = (req: Pick<CallRequest<never>, 'staff' | 'ip'>) => ({
    ...requireStaff(req.staff),
    ip: req.ip,
  });
  const views = new DocumentViews(deps.db, deps.clock);

  route(app, calls.banks.listBankAccounts, async () => banks.list());

  // The screen's server-paged list, one status tab.
  route(app, calls.banks.pageBankAccounts, async (req) => banks.page(req.params.status, req.body));

  route(app, calls.banks.getBankAccount, async (req) => {
    const details = await banks.details(req.params.id, requireStaff(req.staff).sessionId);
    const { userId, bankPOA, bankPOAUrl } = details.bankAccount;
    // Handing out the statement's link is a document view by this staff member.
    if (bankPOAUrl) {
      const link = { kind: 'BANK_STATEMENT' as const, document: bankPOA, url: bankPOAUrl };
      await views.linksIssued(staff(req), userId, [link]);
    }
    return details;
  });

  // The profile's Documents card: the client's bank accounts, no links (issue 20).
  route(app, calls.banks.listClientBankAccounts, async (req) => banks.ofClient(req.params.id));

  route(app, calls.banks.updateBankAccount, async (req) => banks.update(req.body, staff(req)));

  route(app, calls.banks.getDepositBankDetails, async (req) => banks.forDeposit(req.body.depositId));

  // Bulk Approve / Reject on the Pending tab (issue 20).
  bulkRoute(app, 'bankAccount', {
    approve: (id, staff) => banks.decide(id, 'approved', '', staff),
    reject: (id, staff, reason) => banks.decide(id, 'rejected', reason, staff),
  });

  await uploadRoutes(app, { db: deps.db, clock: deps.clock, files, links: deps.links, views });
}
