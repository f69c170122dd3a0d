import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import type { GroupsService } from './service.ts';

/** docs/product.md [calls.groups]; ADMIN or higher (the guard's default). */
export function groupsRoutes(app: App, deps: { groups: GroupsService }): void {
  const { groups } = deps;
  route(app, calls.groups.listGroups, async () => groups.list());
  route(app, calls.groups.addGroup, async (req) => groups.add(req.body, requireStaff(req.staff)));
  route(app, calls.groups.editGroup, async (req) => groups.edit(req.body, requireStaff(req.staff)));
  route(app, calls.groups.deleteGroup, async (req) =>
    groups.remove(req.body.groupId, requireStaff(req.staff)),
  );
}
