import { calls } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import { fundingHistory, getFundingRequest, listFunding } from './list.ts';
import { listWithdrawalOrders } from './orders.ts';

/**
 * Funding lists (docs/product.md [calls.accounts-funding]). The request-list path is ours; the spec does not
 * show it.
 */
export function fundingListRoutes(app: App, deps: { db: Db }): void {
  route(app, calls.funding.listFundingRequests, async (req) => listFunding(deps.db, req.body));

  route(app, calls.funding.pageClientFundingHistory, async (req) =>
    fundingHistory(deps.db, req.params.userId, req.params.type, req.params.approved === 'approved', req.body),
  );

  route(app, calls.funding.getFundingRequest, async (req) =>
    getFundingRequest(deps.db, req.params.type, req.params.id),
  );

  route(app, calls.funding.listWithdrawalOrders, async (req) => listWithdrawalOrders(deps.db, req.query));
}
