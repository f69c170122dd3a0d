import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import type { ThresholdsService } from './thresholds.ts';

/** Four-eyes thresholds (chosen paths): read by staff, set by a SYSOP. */
export function approvalsRoutes(app: App, deps: { thresholds: ThresholdsService }): void {
  route(app, calls.approvals.listThresholds, async () => ({ thresholds: await deps.thresholds.list() }));
  route(app, calls.approvals.setThreshold, async (req) =>
    deps.thresholds.set(req.body, requireStaff(req.staff)),
  );
}
