import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import type { ViewsService } from './service.ts';

/**
 * Table settings and saved views (paths ours). The caller is always the session's staff
 * member: nobody reads or writes another's settings, except a view opened by its id (a shared link).
 */
export function viewsRoutes(app: App, deps: { views: ViewsService }): void {
  const me = (req: Pick<CallRequest<never>, 'staff'>) => requireStaff(req.staff).userId;

  route(app, calls.views.getTableSettings, async (req) => deps.views.settings(me(req), req.query.list));

  route(app, calls.views.getView, async (req) => deps.views.view(me(req), req.params.id));

  route(app, calls.views.setListPreferences, async (req) => deps.views.setPreferences(me(req), req.body));

  route(app, calls.views.createView, async (req) => deps.views.create(me(req), req.body));

  route(app, calls.views.updateView, async (req) => deps.views.update(me(req), req.body));

  route(app, calls.views.deleteView, async (req) => deps.views.remove(me(req), req.body._id));
}
