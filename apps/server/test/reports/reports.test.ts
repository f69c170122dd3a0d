import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { calls, REPORT_ACTIONS, REPORT_MESSAGES } from '@brokerdesk/contract';
import { auditLog, reportRuns, reportSubscriptions } from '../../src/db/schema.ts';
import { testDbKind } from '../support/db.ts';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { periodOfDay } from '../../src/features/reports/periods.ts';
import { attachmentsOf, bookAt, pdfText } from './support.ts';

/**
 * Scheduled reports through the API (docs/product.md [reports.*]): subscriptions (SYSOP), Run now for a
 * past period mailed over SMTP with the PDF and the CSV, the history and the files, and bad input.
 */
describe(`scheduled reports: subscriptions, run now, history and files (${testDbKind})`, () => {
  let t: TestApp;
  let sysop: string;
  let admin: string;
  let financeId: string;
  const finance = 'finance@brokerdesk.test';

  beforeAll(async () => {
    ({ t, token: sysop } = await startDesk({ email: 'reports-sysop@brokerdesk.test', role: 'SYSOP' }));
    admin = await t.signInStaff('reports-admin@brokerdesk.test', 'ADMIN');
    financeId = await t.createUser({ email: finance, role: 'ADMIN', name: 'Fiona' });
  });
  afterAll(() => t.stop());

  type Subscription = { staffId: string; frequency: 'daily' | 'weekly' | 'monthly'; timeZone: string };
  const subscribe = (body: Subscription) => t.call(calls.reports.subscribeReport, { body }, t.auth(sysop));
  // The refusals below differ only in their input and who asks (SYSOP unless said): one way to send each.
  const refusedSubscribe = (body: Subscription, as = sysop) =>
    t.refused(calls.reports.subscribeReport, { body }, t.auth(as));
  const refusedRun = (subscriptionId: string, day: string, as = sysop) =>
    t.refused(calls.reports.runReportNow, { body: { subscriptionId, day } }, t.auth(as));
  const refusedCancel = (id: string, as = sysop) =>
    t.refused(calls.reports.cancelReportSubscription, { params: { id } }, t.auth(as));

  it('subscribes a staff member, lists the subscription and audits it', async () => {
    const made = await subscribe({ staffId: financeId, frequency: 'monthly', timeZone: 'Europe/London' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      staffEmail: finance,
      frequency: 'monthly',
      timeZone: 'Europe/London',
      cancelledAt: null,
    });
    const listed = await t.call(calls.reports.listReportSubscriptions, undefined, t.auth(sysop));
    expect(listed.body.subscriptions.map((s) => s._id)).toContain(made.body._id);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, REPORT_ACTIONS.subscribed), eq(auditLog.entityId, made.body._id)));
    expect(row?.after).toMatchObject({ staffId: financeId, frequency: 'monthly', timeZone: 'Europe/London' });
  });

  it('refuses bad subscriptions with a clear error and changes nothing', async () => {
    const before = await t.db.select().from(reportSubscriptions);
    const client = await t.createUser({ email: 'client@reports.test', role: 'USER' });
    const notStaff = await refusedSubscribe({ staffId: client, frequency: 'daily', timeZone: 'UTC' });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.errors.staffId).toBe(REPORT_MESSAGES.notStaff);
    const disabled = await t.createUser({ email: 'gone@reports.test', role: 'ADMIN', status: 'disabled' });
    expect((await subscribe({ staffId: disabled, frequency: 'daily', timeZone: 'UTC' })).status).toBe(400);
    const unknown = await subscribe({
      staffId: 'ffffffffffffffffffffffff',
      frequency: 'daily',
      timeZone: 'UTC',
    });
    expect(unknown.status).toBe(404);
    const zone = await refusedSubscribe({ staffId: financeId, frequency: 'daily', timeZone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(zone.body.errors.timeZone).toBe(REPORT_MESSAGES.badTimeZone);
    const again = await refusedSubscribe({
      staffId: financeId,
      frequency: 'monthly',
      timeZone: 'Europe/London',
    });
    expect(again.status).toBe(409);
    expect(again.body.errors.server).toBe(REPORT_MESSAGES.duplicate);
    // An ADMIN reads reports but does not manage subscriptions or run them.
    const byAdmin = await refusedSubscribe(
      { staffId: financeId, frequency: 'daily', timeZone: 'UTC' },
      admin,
    );
    expect(byAdmin.status).toBe(403);
    expect((await t.refused(calls.reports.listReportSubscriptions, undefined, t.auth(admin))).status).toBe(
      403,
    );
    expect(await t.db.select().from(reportSubscriptions)).toEqual(before);
  });

  it('runs a past month now: mailed with the PDF and the CSV, kept in the history, downloadable', async () => {
    const sub = await subscribe({ staffId: financeId, frequency: 'monthly', timeZone: 'Asia/Kolkata' });
    const period = periodOfDay('monthly', 'Asia/Kolkata', '2024-02-10');
    // A name outside Latin-1: the PDF embeds its fonts and prints it as written (lib/pdf/fonts.ts).
    const staffId = await t.createUser({ email: 'decider@reports.test', role: 'ADMIN', name: 'Дана' });
    await bookAt(t, period.from + 5 * 86_400, staffId);
    // The same money a second after the month: another month's.
    await bookAt(t, period.to, staffId);
    const sent = t.smtp.count();
    const ran = await t.call(
      calls.reports.runReportNow,
      { body: { subscriptionId: sub.body._id, day: '2024-02-10' } },
      t.auth(sysop),
    );
    expect(ran.status).toBe(200);
    expect(ran.body).toMatchObject({
      status: 'sent',
      trigger: 'manual',
      period: { key: '2024-02', label: 'February 2024' },
    });

    const mail = await t.smtp.next(finance, sent);
    expect(mail.subject).toBe('Brokerdesk monthly report: February 2024');
    const files = attachmentsOf(mail);
    expect(files.map((f) => f.filename)).toEqual([
      'brokerdesk-monthly-2024-02.pdf',
      'brokerdesk-monthly-2024-02.csv',
    ]);
    const csv = files[1]!.content.toString('utf8');
    expect(csv).toContain('"2024-02","funding","","EUR","card","deposits_amount","1500"');
    expect(csv).toContain('"2024-02","funding","","EUR","wire","net","-149.5"');
    expect(csv).toContain('"2024-02","funding_total","","EUR","","net","1350.5"');
    expect(csv).toContain('"2024-02","decisions","Дана Staff","","","approved","3"');
    expect(csv).toContain('"2024-02","decisions","Дана Staff","","","rejected","1"');
    const text = await pdfText(files[0]!.content);
    expect(text).toContain('February 2024');
    expect(text).toContain('Дана Staff');
    expect(text).toMatch(/EUR\s+Card\s+1\s+1,500\.00/);
    expect(text).toMatch(/All methods\s+2\s+1,750\.50\s+1\s+400\.00\s+1,350\.50/);

    const history = await t.call(
      calls.reports.listReports,
      { body: { page: 1, sizePerPage: 10 } },
      t.auth(admin),
    );
    expect(history.body.data[0]).toMatchObject({ _id: ran.body._id, staffEmail: finance, status: 'sent' });
    const detail = await t.call(calls.reports.getReport, { params: { id: ran.body._id } }, t.auth(admin));
    expect(detail.body.figures?.fundingTotals).toEqual([
      {
        currency: 'EUR',
        deposits: { count: 2, amount: 1750.5 },
        withdrawals: { count: 1, amount: 400 },
        net: 1350.5,
      },
      {
        currency: 'USD',
        deposits: { count: 1, amount: 300 },
        withdrawals: { count: 0, amount: 0 },
        net: 300,
      },
    ]);
    const viaDef = await t.raw<string>(
      calls.reports.downloadReportPdf,
      { params: { id: ran.body._id } },
      t.auth(admin),
    );
    expect(viaDef.status).toBe(200);
    expect(viaDef.headers.get('content-type')).toBe('application/pdf');
    expect(viaDef.headers.get('content-disposition')).toContain('brokerdesk-monthly-2024-02.pdf');
    const csvFile = await t.raw<string>(
      calls.reports.downloadReportCsv,
      { params: { id: ran.body._id } },
      t.auth(admin),
    );
    expect(csvFile.body).toBe(csv);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ran.body._id));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining([REPORT_ACTIONS.ranNow, REPORT_ACTIONS.sent, REPORT_ACTIONS.downloaded]),
    );
  });

  it('refuses a period that has not ended, an unknown subscription or report, and a role below SYSOP', async () => {
    const sub = await subscribe({ staffId: financeId, frequency: 'weekly', timeZone: 'UTC' });
    const runs = await t.db.select().from(reportRuns);
    const today = new Date(t.clock.now() * 1000).toISOString().slice(0, 10);
    const future = await refusedRun(sub.body._id, today);
    expect(future.status).toBe(400);
    expect(future.body.errors.day).toBe(REPORT_MESSAGES.futurePeriod);
    const nextYear = String(new Date(t.clock.now() * 1000).getUTCFullYear() + 1);
    expect((await refusedRun(sub.body._id, `${nextYear}-01-05`)).status).toBe(400);
    const badDay = await refusedRun(sub.body._id, '2024-02-30');
    expect(badDay.status).toBe(400);
    const unknownSub = await refusedRun('ffffffffffffffffffffffff', '2024-02-10');
    expect(unknownSub.status).toBe(404);
    const byAdmin = await refusedRun(sub.body._id, '2024-02-10', admin);
    expect(byAdmin.status).toBe(403);
    const unknown = { params: { id: 'ffffffffffffffffffffffff' } };
    expect((await t.refused(calls.reports.getReport, unknown, t.auth(admin))).status).toBe(404);
    expect((await t.raw(calls.reports.downloadReportPdf, unknown, t.auth(admin))).status).toBe(404);
    expect((await refusedCancel(unknown.params.id)).status).toBe(404);
    expect(await t.db.select().from(reportRuns)).toEqual(runs);
  });

  it('cancels a subscription: audited, refused a second time, and no longer run', async () => {
    const sub = await subscribe({ staffId: financeId, frequency: 'daily', timeZone: 'America/New_York' });
    const byAdmin = await refusedCancel(sub.body._id, admin);
    expect(byAdmin.status).toBe(403);
    const cancelled = await t.call(
      calls.reports.cancelReportSubscription,
      { params: { id: sub.body._id } },
      t.auth(sysop),
    );
    expect(cancelled.body.cancelledAt).toBe(t.clock.now());
    const again = await refusedCancel(sub.body._id);
    expect(again.status).toBe(409);
    const run = await refusedRun(sub.body._id, '2024-02-10');
    expect(run.status).toBe(409);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, REPORT_ACTIONS.unsubscribed), eq(auditLog.entityId, sub.body._id)));
    expect(row).toBeDefined();
  });
});
