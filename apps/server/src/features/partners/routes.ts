import type { FastifyRequest } from 'fastify';
import {
  addIbCodeRequest,
  agentCodeParams,
  generateCodesRequest,
  generateCodesResponse,
  generatedCodesResponse,
  ibCodeResponse,
  ibCodesResponse,
  ibRequestsResponse,
  processIbRequestRequest,
  processIbRequestResponse,
  updateIbCodeRequest,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { IbCodesService } from './ib-codes.ts';
import { IbRequestsService } from './ib-requests.ts';

/** IB requests and IB codes (SPEC 2.12, 2.13, 7.3). Routes only parse, call the service and reply. */
export function partnersRoutes(app: App, deps: { db: Db; clock: Clock; publicUrl: string }): void {
  const requests = new IbRequestsService(deps.db, deps.clock, deps.publicUrl);
  const codes = new IbCodesService(deps.db, deps.clock, deps.publicUrl);
  const staff = (req: FastifyRequest) => ({ ...requireStaff(req.staff), ip: req.ip });

  app.get(
    '/api/admin/users/adminGetIbRequests',
    { schema: { response: { 200: ibRequestsResponse } } },
    async () => requests.list(),
  );

  app.post(
    '/api/admin/users/processIbRequest',
    { schema: { body: processIbRequestRequest, response: { 200: processIbRequestResponse } } },
    async (req) => requests.process(req.body, staff(req)),
  );

  app.get('/api/admin/users/adminGetIbCodes', { schema: { response: { 200: ibCodesResponse } } }, async () =>
    codes.list(),
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

  app.post(
    '/api/admin/users/adminGenerateCodes',
    { schema: { body: generateCodesRequest, response: { 200: generateCodesResponse } } },
    async (req) => codes.generate(req.body, staff(req)),
  );
}
