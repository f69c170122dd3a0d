import { calls, type PagedRequest } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import type { IbCodesService } from './ib-codes.ts';
import type { IbRequestsService } from './ib-requests.ts';
import { ibRequestKind } from './ib-request-kind.ts';
import type { DecisionEngine } from '../requests/engine.ts';

/** A GET list's ?page=&sizePerPage=, in the list's default order with no filter. */
const firstPages = (q: { page: number; sizePerPage: number }): PagedRequest => ({
  ...q,
  sortOrder: 'desc',
  filters: {},
});

/**
 * IB requests and IB codes (docs/product.md [screen.ib-requests], [screen.ib-codes], [calls.partners]).
 * Routes only parse, call the service and reply.
 */
export function partnersRoutes(
  app: App,
  deps: { requests: IbRequestsService; codes: IbCodesService; engine: DecisionEngine },
): void {
  const { requests, codes, engine } = deps;
  const staff = (req: Pick<CallRequest<never>, 'staff' | 'ip'>) => ({
    ...requireStaff(req.staff),
    ip: req.ip,
  });

  // The call of docs/product.md [calls.partners] answers the first page (or ?page=&sizePerPage=); the screen
  // uses the paged POST.
  route(app, calls.partners.listIbRequests, async (req) => requests.list(firstPages(req.query)));
  route(app, calls.partners.pageIbRequests, async (req) => requests.list(req.body));

  // One request by id (path ours): a deep link to a request that is not on the list's page.
  route(app, calls.partners.getIbRequest, async (req) => requests.one(req.params.id));

  route(app, calls.partners.processIbRequest, async (req) => {
    // The call names the client: their open request is decided.
    return engine.decide(ibRequestKind, { id: '', ...req.body }, staff(req));
  });

  route(app, calls.partners.listIbCodes, async (req) => codes.list(firstPages(req.query)));
  route(app, calls.partners.pageIbCodes, async (req) => codes.list(req.body));

  route(app, calls.partners.listGeneratedCodes, async (req) => codes.generated(req.params.agentCode));

  route(app, calls.partners.addIbCode, async (req) => codes.add(req.body, staff(req)));

  // "The same update function" (docs/product.md [calls.partners]): newCode true adds an introducer, false
  // edits one.
  route(app, calls.partners.updateIbCode, async (req) =>
    req.body.newCode ? codes.add(req.body, staff(req)) : codes.edit(req.body, staff(req)),
  );

  // Not in the spec (docs/product.md [msg.no-introducer-slots] only says "Please add more codes"): raising
  // the quotas is for a SYSOP.
  route(app, calls.partners.addIbSlots, async (req) => codes.addSlots(req.body, staff(req)));

  route(app, calls.partners.generateCodes, async (req) => codes.generate(req.body, staff(req)));
}
