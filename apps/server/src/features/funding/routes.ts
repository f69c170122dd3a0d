import {
  fundingHistoryParams,
  fundingHistoryRequest,
  fundingListRequest,
  fundingListResponse,
  fundingRequestParams,
  fundingRequestResponse,
  withdrawalOrdersQuery,
  withdrawalOrdersResponse,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { fundingHistory, getFundingRequest, listFunding } from './list.ts';
import { listWithdrawalOrders } from './orders.ts';

/** Funding lists (SPEC 7.4). The request-list path is ours; the spec does not show it. */
export function fundingListRoutes(app: App, deps: { db: Db }): void {
  app.post(
    '/api/admin/accounts/adminGetRequests/paginated',
    { schema: { body: fundingListRequest, response: { 200: fundingListResponse } } },
    async (req) => listFunding(deps.db, req.body),
  );

  app.post(
    '/api/admin/accounts/adminGetFundingRequests/paginated/:userId/:type/:approved',
    {
      config: { actsOnParam: 'userId' },
      schema: {
        params: fundingHistoryParams,
        body: fundingHistoryRequest,
        response: { 200: fundingListResponse },
      },
    },
    async (req) =>
      fundingHistory(
        deps.db,
        req.params.userId,
        req.params.type,
        req.params.approved === 'approved',
        req.body,
      ),
  );

  app.get(
    '/api/admin/accounts/adminGetRequest/:type/:id',
    { schema: { params: fundingRequestParams, response: { 200: fundingRequestResponse } } },
    async (req) => getFundingRequest(deps.db, req.params.type, req.params.id),
  );

  app.get(
    '/api/admin/accounts/adminGetWithdrawalOrders',
    { schema: { querystring: withdrawalOrdersQuery, response: { 200: withdrawalOrdersResponse } } },
    async (req) => listWithdrawalOrders(deps.db, req.query),
  );
}
