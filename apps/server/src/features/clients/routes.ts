import { calls } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import { listUsers } from './list.ts';
import { clientTimeline } from './timeline.ts';
import type { ClientsService } from './service.ts';

/**
 * docs/product.md [calls.clients] and the partner mail settings of [calls.partners]. Routes only parse, call
 * the service and reply.
 */
export function clientsRoutes(app: App, deps: { db: Db; clients: ClientsService }): void {
  const { clients } = deps;
  const staff = (req: Pick<CallRequest<never>, 'staff' | 'ip'>) => ({
    ...requireStaff(req.staff),
    ip: req.ip,
  });

  route(app, calls.clients.pageUsers, async (req) => listUsers(deps.db, req.params.status, req.body));

  route(app, calls.clients.listAdmins, async () => clients.admins());

  route(app, calls.clients.getProfile, async (req) => clients.profile(req.params.id));

  // The profile's activity timeline, one page at a time, newest first.
  route(app, calls.clients.getTimeline, async (req) => clientTimeline(deps.db, req.params.id, req.query));

  route(app, calls.clients.registerUser, async (req) => clients.register(req.body, staff(req)));

  route(app, calls.clients.editUser, async (req) => clients.edit(req.body, staff(req)));

  route(app, calls.clients.changeAccountType, async (req) =>
    clients.changeAccountType(String(req.body.userData._id), req.body.changeTo, staff(req)),
  );

  route(app, calls.clients.addLog, async (req) =>
    clients.addLog(req.body.userId, req.body.event, staff(req)),
  );

  route(app, calls.clients.listLogs, async (req) => clients.logs(req.params.userId));

  route(app, calls.clients.processUser, async (req) =>
    clients.process(req.body.userId, req.body.status, req.body.reason, staff(req)),
  );

  route(app, calls.clients.getApplication, async (req) => clients.application(req.params.id));

  route(app, calls.clients.getPartnerEmailSettings, async (req) =>
    clients.partnerSettings(req.params.userId),
  );

  route(app, calls.clients.updatePartnerEmailSettings, async (req) =>
    clients.updatePartnerSettings(req.body, staff(req)),
  );
}
