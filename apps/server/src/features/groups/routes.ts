import { deleteGroupRequest, groupFieldsRequest, groupResponse, groupsResponse } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import type { GroupsService } from './service.ts';

/** SPEC 7.5; ADMIN or higher (the guard's default). */
export function groupsRoutes(app: App, deps: { groups: GroupsService }): void {
  const { groups } = deps;
  app.get('/api/admin/groups/getGroups', { schema: { response: { 200: groupsResponse } } }, async () =>
    groups.list(),
  );
  app.post(
    '/api/admin/groups/addGroup',
    { config: { minRole: 'ADMIN' }, schema: { body: groupFieldsRequest, response: { 200: groupResponse } } },
    async (req) => groups.add(req.body, requireStaff(req.staff)),
  );
  app.post(
    '/api/admin/groups/editGroup',
    { config: { minRole: 'ADMIN' }, schema: { body: groupFieldsRequest, response: { 200: groupResponse } } },
    async (req) => groups.edit(req.body, requireStaff(req.staff)),
  );
  app.post(
    '/api/admin/groups/deleteGroup',
    { config: { minRole: 'ADMIN' }, schema: { body: deleteGroupRequest, response: { 200: groupResponse } } },
    async (req) => groups.remove(req.body.groupId, requireStaff(req.staff)),
  );
}
