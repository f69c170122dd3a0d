import type { FastifyRequest } from 'fastify';
import {
  createViewRequest,
  deleteViewRequest,
  deleteViewResponse,
  listPreferencesRequest,
  listPreferencesResponse,
  listSettingsQuery,
  listSettingsResponse,
  updateViewRequest,
  viewParams,
  viewResponse,
} from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import type { ViewsService } from './service.ts';

/**
 * Table settings and saved views (paths ours, issue 20). The caller is always the session's staff
 * member: nobody reads or writes another's settings, except a view opened by its id (a shared link).
 */
export function viewsRoutes(app: App, deps: { views: ViewsService }): void {
  const me = (req: FastifyRequest) => requireStaff(req.staff).userId;

  app.get(
    '/api/admin/views',
    { schema: { querystring: listSettingsQuery, response: { 200: listSettingsResponse } } },
    async (req) => deps.views.settings(me(req), req.query.list),
  );

  app.get(
    '/api/admin/views/:id',
    { schema: { params: viewParams, response: { 200: viewResponse } } },
    async (req) => deps.views.view(me(req), req.params.id),
  );

  app.post(
    '/api/admin/views/preferences',
    { schema: { body: listPreferencesRequest, response: { 200: listPreferencesResponse } } },
    async (req) => deps.views.setPreferences(me(req), req.body),
  );

  app.post(
    '/api/admin/views/create',
    { schema: { body: createViewRequest, response: { 200: viewResponse } } },
    async (req) => deps.views.create(me(req), req.body),
  );

  app.post(
    '/api/admin/views/update',
    { schema: { body: updateViewRequest, response: { 200: viewResponse } } },
    async (req) => deps.views.update(me(req), req.body),
  );

  app.post(
    '/api/admin/views/delete',
    { schema: { body: deleteViewRequest, response: { 200: deleteViewResponse } } },
    async (req) => deps.views.remove(me(req), req.body._id),
  );
}
