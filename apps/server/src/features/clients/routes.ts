import { z } from 'zod';
import {
  addLogRequest,
  adminsResponse,
  changeAccountTypeRequest,
  clientApplicationResponse,
  editUserRequest,
  editUserResponse,
  idSchema,
  logsResponse,
  partnerEmailSettingsRequest,
  partnerEmailSettingsResponse,
  processUserRequest,
  processUserResponse,
  profileResponse,
  registerUserRequest,
  registerUserResponse,
  successResponse,
  timelineQuery,
  timelineResponse,
  userListStatusSchema,
  usersListRequest,
  usersListResponse,
} from '@brokerdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { listUsers } from './list.ts';
import { clientTimeline } from './timeline.ts';
import type { ClientsService } from './service.ts';

const idParams = z.object({ id: idSchema });
const userIdParams = z.object({ userId: idSchema });

/** SPEC 7.2 and the partner mail settings of 7.3. Routes only parse, call the service and reply. */
export function clientsRoutes(app: App, deps: { db: Db; clients: ClientsService }): void {
  const { clients } = deps;
  const staff = (req: FastifyRequest) => ({ ...requireStaff(req.staff), ip: req.ip });

  app.post(
    '/api/admin/users/list/paginated/:status',
    {
      schema: {
        params: z.object({ status: userListStatusSchema }),
        body: usersListRequest,
        response: { 200: usersListResponse },
      },
    },
    async (req) => listUsers(deps.db, req.params.status, req.body),
  );

  app.get('/api/admin/users/getAdmins', { schema: { response: { 200: adminsResponse } } }, async () =>
    clients.admins(),
  );

  app.get(
    '/api/admin/users/profile/:id',
    { config: { actsOnParam: 'id' }, schema: { params: idParams, response: { 200: profileResponse } } },
    async (req) => clients.profile(req.params.id),
  );

  // The profile's activity timeline (issue 20), one page at a time, newest first.
  app.get(
    '/api/admin/users/timeline/:id',
    {
      config: { actsOnParam: 'id' },
      schema: { params: idParams, querystring: timelineQuery, response: { 200: timelineResponse } },
    },
    async (req) => clientTimeline(deps.db, req.params.id, req.query),
  );

  app.post(
    '/api/admin/users/register',
    { schema: { body: registerUserRequest, response: { 200: registerUserResponse } } },
    async (req) => clients.register(req.body, staff(req)),
  );

  app.post(
    '/api/admin/users/editUser',
    {
      config: { actsOn: ['_id'] },
      schema: { body: editUserRequest, response: { 200: editUserResponse } },
    },
    async (req) => clients.edit(req.body, staff(req)),
  );

  app.post(
    '/api/admin/users/changeUserAccountType',
    {
      config: { actsOn: ['userData', '_id'] },
      schema: { body: changeAccountTypeRequest, response: { 200: successResponse } },
    },
    async (req) => clients.changeAccountType(String(req.body.userData._id), req.body.changeTo, staff(req)),
  );

  app.post(
    '/api/admin/users/addLog',
    {
      config: { actsOn: ['userId'] },
      schema: { body: addLogRequest, response: { 200: successResponse } },
    },
    async (req) => clients.addLog(req.body.userId, req.body.event, staff(req)),
  );

  app.get(
    '/api/admin/users/logs/:userId',
    { config: { actsOnParam: 'userId' }, schema: { params: userIdParams, response: { 200: logsResponse } } },
    async (req) => clients.logs(req.params.userId),
  );

  app.post(
    '/api/admin/users/processUser',
    {
      config: { actsOn: ['userId'] },
      schema: { body: processUserRequest, response: { 200: processUserResponse } },
    },
    async (req) => clients.process(req.body.userId, req.body.status, req.body.reason, staff(req)),
  );

  app.get(
    '/api/admin/users/getClientApplicationData/:id',
    {
      config: { actsOnParam: 'id' },
      schema: { params: idParams, response: { 200: clientApplicationResponse } },
    },
    async (req) => clients.application(req.params.id),
  );

  app.get(
    '/api/admin/partners/getEmailNotifications/:userId',
    {
      config: { actsOnParam: 'userId' },
      schema: { params: userIdParams, response: { 200: partnerEmailSettingsResponse } },
    },
    async (req) => clients.partnerSettings(req.params.userId),
  );

  app.post(
    '/api/admin/partners/updateEmailNotifications',
    {
      config: { actsOn: ['partnerId'] },
      schema: { body: partnerEmailSettingsRequest, response: { 200: successResponse } },
    },
    async (req) => clients.updatePartnerSettings(req.body, staff(req)),
  );
}
