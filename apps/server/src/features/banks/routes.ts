import { calls } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import type { FileStore } from './file-store.ts';
import type { BanksService } from './service.ts';
import type { bankAccountKind } from './bank-kind.ts';
import type { DecisionEngine } from '../requests/engine.ts';
import { uploadRoutes } from './upload-routes.ts';
import type { DocumentViews } from '../audit/document-views.ts';

/**
 * Bank verification and bank-statement documents (docs/product.md [screen.bank-accounts],
 * [calls.accounts-funding]).
 */
export async function banksRoutes(
  app: App,
  deps: {
    db: Db;
    clock: Clock;
    links: LinkSigner;
    files: FileStore;
    banks: BanksService;
    views: DocumentViews;
    engine: DecisionEngine;
    bankKind: ReturnType<typeof bankAccountKind>;
  },
): Promise<void> {
  const { banks, files, views, engine } = deps;
  const staff = (req: Pick<CallRequest<never>, 'staff' | 'ip'>) => ({
    ...requireStaff(req.staff),
    ip: req.ip,
  });

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

  // The profile's Documents card: the client's bank accounts, no links.
  route(app, calls.banks.listClientBankAccounts, async (req) => banks.ofClient(req.params.id));

  route(app, calls.banks.updateBankAccount, async (req) => {
    const { _id, ...decision } = req.body;
    return engine.decide(deps.bankKind, { id: _id, ...decision }, staff(req));
  });

  route(app, calls.banks.getDepositBankDetails, async (req) => banks.forDeposit(req.body.depositId));

  await uploadRoutes(app, { db: deps.db, clock: deps.clock, files, links: deps.links, views });
}
