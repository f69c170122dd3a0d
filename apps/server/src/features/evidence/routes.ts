import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import type { EvidenceService } from './service.ts';

/**
 * The client's money picture and a withdrawal's return-to-source proposal (docs/product.md
 * [call.getMoneyPicture]); the refund setting per deposit method ([call.setRefundableMethod]).
 */
export function evidenceRoutes(app: App, deps: { evidence: EvidenceService }): void {
  route(app, calls.evidence.getMoneyPicture, async (req) =>
    deps.evidence.picture(req.params.userId, req.query.withdrawalId),
  );
  route(app, calls.evidence.listRefundableMethods, async () => ({
    methods: await deps.evidence.refunds.list(),
  }));
  route(app, calls.evidence.setRefundableMethod, async (req) =>
    deps.evidence.refunds.set(req.body, requireStaff(req.staff)),
  );
}
