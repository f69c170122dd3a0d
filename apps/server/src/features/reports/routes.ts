import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import type { ReportsService } from './service.ts';

/**
 * Scheduled reports: subscriptions and Run now (SYSOP), the kept reports and their files (ADMIN and
 * above). Wired in app.ts; the schedule is the ReportJob, started where the operations worker runs.
 */
export function reportsRoutes(app: App, deps: { reports: ReportsService }): void {
  const { reports } = deps;
  const caller = (req: Pick<CallRequest<never>, 'staff' | 'ip'>) => ({
    userId: requireStaff(req.staff).userId,
    ip: req.ip,
  });

  route(app, calls.reports.listReportSubscriptions, async () => reports.subscriptions());
  route(app, calls.reports.subscribeReport, async (req) => reports.subscribe(req.body, caller(req)));
  route(app, calls.reports.cancelReportSubscription, async (req) =>
    reports.cancel(req.params.id, caller(req)),
  );
  route(app, calls.reports.runReportNow, async (req) => reports.runNow(req.body, caller(req)));
  route(app, calls.reports.listReports, async (req) => reports.list(req.body));
  route(app, calls.reports.getReport, async (req) => reports.detail(req.params.id));

  for (const [def, kind] of [
    [calls.reports.downloadReportPdf, 'pdf'],
    [calls.reports.downloadReportCsv, 'csv'],
  ] as const) {
    route(app, def, async (req, reply) => {
      const file = await reports.file(req.params.id, kind, caller(req));
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    });
  }
}
