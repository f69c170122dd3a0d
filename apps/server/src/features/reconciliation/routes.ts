import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  idSchema,
  reconciliationListRequest,
  reconciliationAlertSchema,
  reconciliationAlertsResponse,
  reconciliationListResponse,
  reconciliationReportDetail,
  reconciliationRunRequest,
} from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import type { ReconciliationService } from './service.ts';
import type { ReconciliationAlerts } from './alerts.ts';

/**
 * Reconciliation with the platform (ADMIN and above): run one now, list the kept reports, open one,
 * export its mismatches as CSV. Wired in app.ts; the daily run is the ReconciliationJob of main.ts.
 */
export function reconciliationRoutes(
  app: App,
  deps: { reconciliation: ReconciliationService; alerts: ReconciliationAlerts },
): void {
  const { reconciliation, alerts } = deps;
  const caller = (req: FastifyRequest) => ({ userId: requireStaff(req.staff).userId, ip: req.ip });
  const reportParams = z.object({ id: idSchema });

  app.post(
    '/api/admin/reconciliation/run',
    { schema: { body: reconciliationRunRequest, response: { 200: reconciliationReportDetail } } },
    async (req) => reconciliation.runNow(req.body, caller(req)),
  );

  app.post(
    '/api/admin/reconciliation/reports',
    { schema: { body: reconciliationListRequest, response: { 200: reconciliationListResponse } } },
    async (req) => reconciliation.list(req.body),
  );

  app.get(
    '/api/admin/reconciliation/reports/:id',
    { schema: { params: reportParams, response: { 200: reconciliationReportDetail } } },
    async (req) => reconciliation.detail(req.params.id),
  );

  // Critical mismatches (money moved twice): the open ones, and acknowledging one once it is handled.
  app.get(
    '/api/admin/reconciliation/alerts',
    { schema: { response: { 200: reconciliationAlertsResponse } } },
    async () => alerts.open(),
  );

  app.post(
    '/api/admin/reconciliation/alerts/:id/acknowledge',
    { schema: { params: reportParams, response: { 200: reconciliationAlertSchema } } },
    async (req) => alerts.acknowledge(req.params.id, caller(req)),
  );

  app.get(
    '/api/admin/reconciliation/reports/:id/export.csv',
    { schema: { params: reportParams } },
    async (req, reply) => {
      const file = await reconciliation.exportCsv(req.params.id, caller(req));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(file.body));
    },
  );
}
