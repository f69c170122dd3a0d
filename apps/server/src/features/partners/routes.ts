import type { FastifyRequest } from 'fastify';
import {
  addIbCodeRequest,
  addIbSlotsRequest,
  addIbSlotsResponse,
  agentCodeParams,
  generateCodesRequest,
  generateCodesResponse,
  generatedCodesResponse,
  ibCodeResponse,
  ibCodesPageRequest,
  ibCodesResponse,
  ibRequestParams,
  ibRequestResponse,
  ibRequestsPageRequest,
  ibRequestsResponse,
  listPageQuery,
  processIbRequestRequest,
  processIbRequestResponse,
  updateIbCodeRequest,
  type PagedRequest,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { bulkRoute } from '../../http/bulk.ts';
import { requireStaff } from '../../http/types.ts';
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
  const staff = (req: FastifyRequest) => ({ ...requireStaff(req.staff), ip: req.ip });

  // SPEC 7.3's call answers the first page (or ?page=&sizePerPage=); the screen uses the paged POST.
  app.get(
    '/api/admin/users/adminGetIbRequests',
    { schema: { querystring: listPageQuery, response: { 200: ibRequestsResponse } } },
    async (req) => requests.list(firstPages(req.query)),
  );
  app.post(
    '/api/admin/users/adminGetIbRequests/paginated',
    { schema: { body: ibRequestsPageRequest, response: { 200: ibRequestsResponse } } },
    async (req) => requests.list(req.body),
  );

  // One request by id (path ours): a deep link to a request that is not on the list's page.
  app.get(
    '/api/admin/users/adminGetIbRequest/:id',
    { schema: { params: ibRequestParams, response: { 200: ibRequestResponse } } },
    async (req) => requests.one(req.params.id),
  );

  app.post(
    '/api/admin/users/processIbRequest',
    {
      config: { actsOn: ['userId'] },
      schema: { body: processIbRequestRequest, response: { 200: processIbRequestResponse } },
    },
    async (req) => requests.process(req.body, staff(req)),
  );
  // Bulk Approve / Reject (issue 20): one comment for every request, as the modal asks for one.
  bulkRoute(app, 'ibRequest', {
    approve: (id, who, reason) => requests.decide(id, 'approved', reason, who),
    reject: (id, who, reason) => requests.decide(id, 'rejected', reason, who),
  });

  app.get(
    '/api/admin/users/adminGetIbCodes',
    { schema: { querystring: listPageQuery, response: { 200: ibCodesResponse } } },
    async (req) => codes.list(firstPages(req.query)),
  );
  app.post(
    '/api/admin/users/adminGetIbCodes/paginated',
    { schema: { body: ibCodesPageRequest, response: { 200: ibCodesResponse } } },
    async (req) => codes.list(req.body),
  );

  app.get(
    '/api/admin/users/adminGetGeneratedCodes/:agentCode',
    { schema: { params: agentCodeParams, response: { 200: generatedCodesResponse } } },
    async (req) => codes.generated(req.params.agentCode),
  );

  app.post(
    '/api/admin/users/adminAddIbCode',
    { schema: { body: addIbCodeRequest, response: { 200: ibCodeResponse } } },
    async (req) => codes.add(req.body, staff(req)),
  );

  // "The same update function" (SPEC 7.3): newCode true adds an introducer, false edits one.
  app.post(
    '/api/admin/users/adminUpdateIbCode',
    { schema: { body: updateIbCodeRequest, response: { 200: ibCodeResponse } } },
    async (req) => (req.body.newCode ? codes.add(req.body, staff(req)) : codes.edit(req.body, staff(req))),
  );

  // Not in the spec (SPEC 8 only says "Please add more codes"): raising the quotas is for a SYSOP.
  app.post(
    '/api/admin/users/adminAddIbSlots',
    {
      config: { minRole: 'SYSOP' },
      schema: { body: addIbSlotsRequest, response: { 200: addIbSlotsResponse } },
    },
    async (req) => codes.addSlots(req.body, staff(req)),
  );

  app.post(
    '/api/admin/users/adminGenerateCodes',
    { schema: { body: generateCodesRequest, response: { 200: generateCodesResponse } } },
    async (req) => codes.generate(req.body, staff(req)),
  );
}
