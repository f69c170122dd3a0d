import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls } from '@brokerdesk/contract';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { reportRuns } from '../../src/db/schema.ts';
import { smtpMailer, type Mailer } from '../../src/mail/mailer.ts';
import { ReportsService } from '../../src/features/reports/service.ts';
import { ReportJob } from '../../src/features/reports/job.ts';
import { localDateOf, localMidnight } from '../../src/features/reports/periods.ts';
import { testDbKind, type TestDatabase } from '../support/db.ts';
import { SmtpReceiver } from '../support/smtp-receiver.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { DAY, attachmentsOf, quiet } from './support.ts';

const ZONE = 'Europe/Berlin';

/**
 * The schedule (docs/operations.md "Scheduled reports"): two app instances on one database, each with
 * its own connection pool and report job, mail each subscription's period once; a period ended while
 * every server was down goes out when one is back, the newest three at most; and a server that stops
 * between sending and recording leaves the report to be sent again (twice, never zero times).
 */
describe(`scheduled reports across servers (${testDbKind})`, () => {
  let t: TestApp;
  let second: TestApp;
  let token: string;
  const receiver = new SmtpReceiver();
  let mailer: Mailer;
  const to = 'daily@brokerdesk.test';
  let subscriptionId: string;

  /** One server's report job: its own service over its own database handle, mailing the shared receiver. */
  const jobOf = (app: TestApp, m: Mailer = mailer, leaseSeconds?: number) =>
    new ReportJob(
      new ReportsService(app.db, app.clock, m, {
        publicUrl: 'http://console.test',
        log: quiet,
        leaseSeconds,
      }),
      quiet,
    );
  const mailsTo = () => receiver.mails.filter((m) => m.to.includes(to));
  /** Moves the shared clock to `hour` o'clock of the zone's next day. */
  const toNextDay = (hour: number) => {
    const today = localDateOf(ZONE, t.clock.now());
    const next = new Date(Date.UTC(today.y, today.m - 1, today.d + 1));
    const at =
      localMidnight(ZONE, { y: next.getUTCFullYear(), m: next.getUTCMonth() + 1, d: next.getUTCDate() }) +
      hour * 3600;
    t.clock.advance(at - t.clock.now());
  };

  beforeAll(async () => {
    t = await startTestApp();
    // The second server: on PostgreSQL a pool of its own on the same database, as another process has.
    const url = (t.database as TestDatabase).url;
    const shared: Database = url
      ? await openDatabase({ databaseUrl: url, poolSize: 3 })
      : { ...t.database, close: async () => undefined };
    second = await startTestApp({ restart: { database: shared, after: t } });
    mailer = smtpMailer(await receiver.start(), 'Brokerdesk <reports@brokerdesk.test>');
    toNextDay(10);
    token = await t.signInStaff('schedule-sysop@brokerdesk.test', 'SYSOP');
    const staffId = await t.createUser({ email: to, role: 'ADMIN', name: 'Daisy' });
    const sub = await second.call(
      calls.reports.subscribeReport,
      { body: { staffId, frequency: 'daily', timeZone: ZONE } },
      second.auth(token),
    );
    expect(sub.status).toBe(200);
    subscriptionId = sub.body._id;
  });
  afterAll(async () => {
    await second.stop();
    await t.stop();
    await receiver.stop();
  });

  it('mails a period once when two servers run their rounds together, and not again in later rounds', async () => {
    const [a, b] = [jobOf(t), jobOf(second)];
    // Nothing has ended since the subscription was made.
    expect([...(await a.runDue()), ...(await b.runDue())]).toEqual([]);
    toNextDay(0);
    t.clock.advance(60);
    const [fromA, fromB] = await Promise.all([a.runDue(), b.runDue()]);
    expect([...fromA, ...fromB]).toHaveLength(1);
    expect(mailsTo()).toHaveLength(1);
    expect(attachmentsOf(mailsTo()[0]!).map((f) => f.contentType)).toEqual(['application/pdf', 'text/csv']);
    await Promise.all([a.runDue(), b.runDue(), jobOf(t).runDue()]);
    expect(mailsTo()).toHaveLength(1);
    const rows = await t.db.select().from(reportRuns).where(eq(reportRuns.subscriptionId, subscriptionId));
    expect(rows.map((r) => [r.trigger, r.status, r.attempts])).toEqual([['scheduled', 'sent', 1]]);
  });

  it('sends the newest three periods missed while every server was down, oldest first, once', async () => {
    const before = mailsTo().length;
    for (let i = 0; i < 5; i++) toNextDay(0);
    t.clock.advance(7 * 3600);
    const [fromA, fromB] = await Promise.all([jobOf(t).runDue(), jobOf(second).runDue()]);
    expect([...fromA, ...fromB]).toHaveLength(3);
    const sent = mailsTo().slice(before);
    expect(sent).toHaveLength(3);
    const days = (n: number) => {
      const d = localDateOf(ZONE, t.clock.now() - n * DAY);
      return new Date(Date.UTC(d.y, d.m - 1, d.d)).toLocaleDateString('en-GB', {
        timeZone: 'UTC',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      });
    };
    expect(sent.map((m) => m.subject).sort()).toEqual(
      [3, 2, 1].map((n) => `Brokerdesk daily report: ${days(n)}`).sort(),
    );
    expect(await jobOf(t).runDue()).toEqual([]);
    expect(mailsTo()).toHaveLength(before + 3);
  });

  it('sends again a report whose server stopped between the mail and its record: twice, never zero times', async () => {
    const before = mailsTo().length;
    toNextDay(0);
    t.clock.advance(60);
    // This server's mail goes out, then the server stops before it records it: the send never returns.
    const stopped: Mailer = {
      ...mailer,
      send: async (m) => (await mailer.send(m), new Promise<void>(() => undefined)),
    };
    void jobOf(t, stopped, 600).runDue();
    await receiver.next(to, before);
    const [row] = await t.db.select().from(reportRuns).where(eq(reportRuns.status, 'sending'));
    expect(row?.subscriptionId).toBe(subscriptionId);
    // Another server leaves the claim alone while it holds, and takes it over once it has run out.
    expect(await jobOf(second).runDue()).toEqual([]);
    t.clock.advance(601);
    expect(await jobOf(second).runDue()).toEqual([row!.id]);
    expect(
      mailsTo()
        .slice(before)
        .map((m) => m.subject),
    ).toEqual([mailsTo()[before]!.subject, mailsTo()[before]!.subject]);
    const [done] = await t.db.select().from(reportRuns).where(eq(reportRuns.id, row!.id));
    expect(done).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
