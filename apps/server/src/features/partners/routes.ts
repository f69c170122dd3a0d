import { calls, type PagedRequest } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { bulkRoute } from '../../http/bulk.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import type { Clock } from '../../lib/clock.ts';
import { IbCodesService } from './ib-codes.ts';
import { IbRequestsService } from './ib-requests.ts';

/** A GET list's ?page=&sizePerPage=, in the list's default order with no filter. */
const firstPages = (q: { page: number; sizePerPage: number }): PagedRequest => ({
  ...q,
  sortOrder: 'desc',
  filters: {},
});

/** IB requests and IB codes (SPEC 2.12, 2.13, 7.3). Routes only parse, call the service and reply. */
export function partnersRoutes(app: App, deps: { db: Db; clock: Clock; publicUrl: string }): void {
  const requests = new IbRequestsService(deps.db, deps.clock, deps.publicUrl);
  const codes = new IbCodesService(deps.db, deps.clock, deps.publicUrl);
  const staff = (req: Pick<CallRequest<never>, 'staff' | 'ip'>) => ({
    ...requireStaff(req.staff),
    ip: req.ip,
  });

  // SPEC 7.3's call answers the first page (or ?page=&sizePerPage=); the screen uses the paged POST.
  route(app, calls.partners.listIbRequests, async (req) => requests.list(firstPages(req.query)));
  route(app, calls.partners.pageIbRequests, async (req) => requests.list(req.body));

  // One request by id (path ours): a deep link to a request that is not on the list's page.
  route(app, calls.partners.getIbRequest, async (req) => requests.one(req.params.id));

  route(app, calls.partners.processIbRequest, async (req) => requests.process(req.body, staff(req)));
  // Bulk Approve / Reject (issue 20): one comment for every request, as the modal asks for one.
  bulkRoute(app, 'ibRequest', {
    approve: (id, who, reason) => requests.decide(id, 'approved', reason, who),
    reject: (id, who, reason) => requests.decide(id, 'rejected', reason, who),
  });

  route(app, calls.partners.listIbCodes, async (req) => codes.list(firstPages(req.query)));
  route(app, calls.partners.pageIbCodes, async (req) => codes.list(req.body));

  route(app, calls.partners.listGeneratedCodes, async (req) => codes.generated(req.params.agentCode));

  route(app, calls.partners.addIbCode, async (req) => codes.add(req.body, staff(req)));

  // "The same update function" (SPEC 7.3): newCode true adds an introducer, false edits one.
  route(app, calls.partners.updateIbCode, async (req) =>
    req.body.newCode ? codes.add(req.body, staff(req)) : codes.edit(req.body, staff(req)),
  );

  // Not in the spec (SPEC 8 only says "Please add more codes"): raising the quotas is for a SYSOP.
  route(app, calls.partners.addIbSlots, async (req) => codes.addSlots(req.body, staff(req)));

  route(app, calls.partners.generateCodes, async (req) => codes.generate(req.body, staff(req)));
}
