import { setThresholdRequest, setThresholdResponse, thresholdsResponse } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import type { ThresholdsService } from './thresholds.ts';

/** Four-eyes thresholds (issue 9; chosen paths): read by staff, set by a SYSOP. */
export function approvalsRoutes(app: App, deps: { thresholds: ThresholdsService }): void {
  app.get(
    '/api/admin/approvals/thresholds',
    { schema: { response: { 200: thresholdsResponse } } },
    async () => ({ thresholds: await deps.thresholds.list() }),
  );
  app.post(
    '/api/admin/approvals/setThreshold',
    {
      config: { minRole: 'SYSOP' },
      schema: { body: setThresholdRequest, response: { 200: setThresholdResponse } },
    },
    async (req) => deps.thresholds.set(req.body, requireStaff(req.staff)),
  );
}
