import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import type { StaffService } from './service.ts';

/** Staff management (paths ours): staff read the list; a SYSOP invites and changes. */
export function staffRoutes(app: App, deps: { staff: StaffService }): void {
  const caller = (req: Pick<CallRequest<never>, 'staff' | 'ip'>) => ({
    userId: requireStaff(req.staff).userId,
    ip: req.ip,
  });

  route(app, calls.staff.listStaff, async () => deps.staff.list());

  route(app, calls.staff.inviteStaff, async (req) => deps.staff.invite(req.body, caller(req)));

  // SYSOP only, so the acting-on rule never refuses here; declared like every route naming a user.
  route(app, calls.staff.updateStaff, async (req) => deps.staff.update(req.body, caller(req)));
}
