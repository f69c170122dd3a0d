import type { FastifyRequest } from 'fastify';
import {
  staffInviteRequest,
  staffInviteResponse,
  staffListResponse,
  staffUpdateRequest,
  staffUpdateResponse,
} from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import type { StaffService } from './service.ts';

/** Staff management (paths ours, issue 18): staff read the list; a SYSOP invites and changes. */
export function staffRoutes(app: App, deps: { staff: StaffService }): void {
  const caller = (req: FastifyRequest) => ({ userId: requireStaff(req.staff).userId, ip: req.ip });

  app.get('/api/admin/staff', { schema: { response: { 200: staffListResponse } } }, async () =>
    deps.staff.list(),
  );

  app.post(
    '/api/admin/staff/invite',
    {
      config: { minRole: 'SYSOP' },
      schema: { body: staffInviteRequest, response: { 200: staffInviteResponse } },
    },
    async (req) => deps.staff.invite(req.body, caller(req)),
  );

  app.post(
    '/api/admin/staff/update',
    {
      // SYSOP only, so the acting-on rule never refuses here; declared like every route naming a user.
      config: { minRole: 'SYSOP', actsOn: ['_id'] },
      schema: { body: staffUpdateRequest, response: { 200: staffUpdateResponse } },
    },
    async (req) => deps.staff.update(req.body, caller(req)),
  );
}
