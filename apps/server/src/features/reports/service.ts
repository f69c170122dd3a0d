import { and, asc, count, desc, eq, inArray, isNull, lte, or, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  REPORT_ACTIONS,
  REPORT_CATCH_UP_PERIODS,
  REPORT_MESSAGES,
  isStaff,
  reportFiguresSchema,
  reportListRequest,
  type ReportDetail,
  type ReportFigures,
  type ReportFrequency,
  type ReportPeriod,
  type ReportRow,
  type ReportSubscription,
  type Role,
  type RunReportRequest,
  type SubscribeReportRequest,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { reportRuns, reportSubscriptions, users } from '../../db/schema.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { readFigures } from './figures.ts';
import { reportMail, reportFiles } from './mail.ts';
import { endedPeriods, periodOfDay } from './periods.ts';

type Actor = { userId: string; ip: string };
type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
type RunRow = typeof reportRuns.$inferSelect;
type SubscriptionRow = typeof reportSubscriptions.$inferSelect;

export type ReportsOptions = {
  publicUrl: string;
  log?: Log;
  /** How long a server's claim on a report holds (make, render, send); after it another server may send it. */
  leaseSeconds?: number;
  /** A claim is not used to send with less than this left of it. */
  leaseMarginSeconds?: number;
};

const staff = alias(users, 'staff');
const requester = alias(users, 'requester');
const creator = alias(users, 'creator');
const nameOf = (u: { name: string | null; surname: string | null; email?: string | null } | null) =>
  u ? `${u.name ?? ''} ${u.surname ?? ''}`.trim() || (u.email ?? '') : '';

/**
 * Scheduled reports (docs/product.md [reports.*]): subscriptions, the kept reports, and their delivery.
 * Delivery is at least once (docs/operations.md "Scheduled reports"): each report is a row, claimed by one
 * server for a lease before it is made and mailed and marked sent after; a server that stops between
 * the mail and the mark leaves a claim that runs out, and the next round sends it again.
 */
export class ReportsService {
  private readonly lease: number;
  private readonly margin: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly opts: ReportsOptions,
  ) {
    this.lease = opts.leaseSeconds ?? 600;
    this.margin = opts.leaseMarginSeconds ?? 60;
  }

  // ---- Subscriptions (SYSOP) ----

  async subscriptions(): Promise<{ subscriptions: ReportSubscription[] }> {
    const rows = await this.db
      .select({ s: reportSubscriptions, staff, creator })
      .from(reportSubscriptions)
      .leftJoin(staff, eq(staff.id, reportSubscriptions.staffId))
      .leftJoin(creator, eq(creator.id, reportSubscriptions.createdBy))
      .orderBy(sql`${reportSubscriptions.cancelledAt} is not null`, desc(reportSubscriptions.createdAt));
    const sent = await this.db
      .select({
        subscriptionId: reportRuns.subscriptionId,
        label: reportRuns.periodLabel,
        at: reportRuns.sentAt,
        from: reportRuns.periodFrom,
      })
      .from(reportRuns)
      .where(eq(reportRuns.status, 'sent'))
      .orderBy(desc(reportRuns.periodFrom));
    return {
      subscriptions: rows.map((r) => {
        const last = sent.find((x) => x.subscriptionId === r.s.id);
        return this.toSubscription(
          r.s,
          r.staff,
          r.creator,
          last ? { label: last.label, at: last.at! } : null,
        );
      }),
    };
  }

  private toSubscription(
    s: SubscriptionRow,
    who: typeof users.$inferSelect | null,
    by: typeof users.$inferSelect | null,
    lastSent: ReportSubscription['lastSent'],
  ): ReportSubscription {
    return {
      _id: s.id,
      staffId: s.staffId,
      staffName: nameOf(who),
      staffEmail: who?.email ?? '',
      frequency: s.frequency as ReportFrequency,
      timeZone: s.timeZone,
      createdAt: s.createdAt,
      createdBy: nameOf(by),
      cancelledAt: s.cancelledAt,
      lastSent,
    };
  }

  private async subscription(id: string): Promise<ReportSubscription> {
    const [r] = await this.db
      .select({ s: reportSubscriptions, staff, creator })
      .from(reportSubscriptions)
      .leftJoin(staff, eq(staff.id, reportSubscriptions.staffId))
      .leftJoin(creator, eq(creator.id, reportSubscriptions.createdBy))
      .where(eq(reportSubscriptions.id, id));
    if (!r) throw new NotFound();
    return this.toSubscription(r.s, r.staff, r.creator, null);
  }

  /** A staff member (ADMIN or SYSOP, not disabled) subscribed to a report; audited. */
  async subscribe(input: SubscribeReportRequest, actor: Actor): Promise<ReportSubscription> {
    const [target] = await this.db.select().from(users).where(eq(users.id, input.staffId));
    if (!target) throw new NotFound();
    if (!isActiveStaff(target)) throw new Invalid({ staffId: REPORT_MESSAGES.notStaff });
    const id = newId(this.clock.now());
    const made = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const [row] = await tx
        .insert(reportSubscriptions)
        .values({ id, ...input, createdAt: now, createdBy: actor.userId })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await audit(tx, now, {
        actorId: actor.userId,
        action: REPORT_ACTIONS.subscribed,
        entity: 'report_subscription',
        entityId: id,
        after: {
          staffId: input.staffId,
          email: target.email,
          frequency: input.frequency,
          timeZone: input.timeZone,
        },
        ip: actor.ip,
      });
      return row;
    });
    if (!made) throw new Conflict(REPORT_MESSAGES.duplicate);
    return this.subscription(id);
  }

  /** No further period is mailed; the reports not sent yet are skipped, the sent ones kept. Audited. */
  async cancel(id: string, actor: Actor): Promise<ReportSubscription> {
    await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const [row] = await tx
        .select()
        .from(reportSubscriptions)
        .where(eq(reportSubscriptions.id, id))
        .for('update');
      if (!row) throw new NotFound();
      if (row.cancelledAt !== null) throw new Conflict(REPORT_MESSAGES.cancelled);
      await tx
        .update(reportSubscriptions)
        .set({ cancelledAt: now, cancelledBy: actor.userId })
        .where(eq(reportSubscriptions.id, id));
      await tx
        .update(reportRuns)
        .set({ status: 'skipped', error: REPORT_MESSAGES.cancelled, claimedUntil: null })
        .where(and(eq(reportRuns.subscriptionId, id), eq(reportRuns.status, 'pending')));
      await audit(tx, now, {
        actorId: actor.userId,
        action: REPORT_ACTIONS.unsubscribed,
        entity: 'report_subscription',
        entityId: id,
        before: { staffId: row.staffId, frequency: row.frequency, timeZone: row.timeZone },
        ip: actor.ip,
      });
    });
    return this.subscription(id);
  }

  // ---- Kept reports (ADMIN and above) ----

  async list(input: z.input<typeof reportListRequest>): Promise<{ data: ReportRow[]; totalSize: number }> {
    const req = reportListRequest.parse(input);
    const where = req.subscriptionId ? eq(reportRuns.subscriptionId, req.subscriptionId) : undefined;
    const rows = await this.rows()
      .where(where)
      .orderBy(desc(reportRuns.createdAt), desc(reportRuns.id))
      .limit(req.sizePerPage)
      .offset((req.page - 1) * req.sizePerPage);
    const [total] = await this.db.select({ n: count() }).from(reportRuns).where(where);
    return { data: rows.map((r) => toRow(r)), totalSize: total?.n ?? 0 };
  }

  private rows() {
    return this.db
      .select({ run: reportRuns, staff, requester })
      .from(reportRuns)
      .leftJoin(staff, eq(staff.id, reportRuns.staffId))
      .leftJoin(requester, eq(requester.id, reportRuns.requestedBy))
      .$dynamic();
  }

  async detail(id: string): Promise<ReportDetail> {
    const [r] = await this.rows().where(eq(reportRuns.id, id));
    if (!r) throw new NotFound();
    return { ...toRow(r), figures: r.run.figures === null ? null : reportFiguresSchema.parse(r.run.figures) };
  }

  /** The PDF or CSV of a kept report, made again from its figures (as mailed); the download is audited. */
  async file(id: string, kind: 'pdf' | 'csv', actor: Actor) {
    const report = await this.detail(id);
    if (!report.figures) throw new Conflict(REPORT_MESSAGES.notMadeYet);
    const files = await reportFiles(report.period, report.figures, report.staffName || report.staffEmail);
    await audit(this.db, this.clock.now(), {
      actorId: actor.userId,
      action: REPORT_ACTIONS.downloaded,
      entity: 'report',
      entityId: id,
      after: { file: kind, period: report.period.key, frequency: report.period.frequency },
      ip: actor.ip,
    });
    return kind === 'pdf' ? files.pdf : files.csv;
  }

  // ---- Making and sending ----

  /**
   * Run now: the subscription's report for the past period holding `day`, made and mailed at once (a
   * new report each time, beside the scheduled one). A period not ended yet is refused. Audited.
   */
  async runNow(input: RunReportRequest, actor: Actor): Promise<ReportRow> {
    const [sub] = await this.db
      .select()
      .from(reportSubscriptions)
      .where(eq(reportSubscriptions.id, input.subscriptionId));
    if (!sub) throw new NotFound();
    if (sub.cancelledAt !== null) throw new Conflict(REPORT_MESSAGES.cancelled);
    const period = periodOfDay(sub.frequency as ReportFrequency, sub.timeZone, input.day);
    const now = this.clock.now();
    if (period.to > now) throw new Invalid({ day: REPORT_MESSAGES.futurePeriod });
    const id = newId(now);
    await this.db.transaction(async (tx) => {
      await tx.insert(reportRuns).values(newRun(id, sub, period, 'manual', now, actor.userId));
      await audit(tx, now, {
        actorId: actor.userId,
        action: REPORT_ACTIONS.ranNow,
        entity: 'report',
        entityId: id,
        after: {
          subscriptionId: sub.id,
          period: period.key,
          frequency: period.frequency,
          timeZone: period.timeZone,
        },
        ip: actor.ip,
      });
    });
    await this.deliverNext(id);
    const [r] = await this.rows().where(eq(reportRuns.id, id));
    return toRow(r!);
  }

  /**
   * Makes the rows of the periods due: for each live subscription, the last REPORT_CATCH_UP_PERIODS
   * periods that have ended (and ended after it was made). A row already there, made by this server or
   * another, stays as it is (the unique index of a subscription's scheduled period), so older periods
   * missed while every server was down are never sent. Answers how many rows it made.
   */
  async scheduleDue(): Promise<number> {
    const now = this.clock.now();
    const subs = await this.db
      .select()
      .from(reportSubscriptions)
      .where(isNull(reportSubscriptions.cancelledAt));
    let made = 0;
    for (const sub of subs) {
      const periods = endedPeriods(
        sub.frequency as ReportFrequency,
        sub.timeZone,
        now,
        REPORT_CATCH_UP_PERIODS,
      )
        .filter((p) => p.to > sub.createdAt)
        .reverse();
      if (periods.length === 0) continue;
      const rows = await this.db
        .insert(reportRuns)
        .values(periods.map((p) => newRun(newId(now), sub, p, 'scheduled', now, null)))
        .onConflictDoNothing()
        .returning({ id: reportRuns.id });
      made += rows.length;
    }
    return made;
  }

  /** Delivers every report due, one at a time, oldest period first; answers the ids this call sent. */
  async deliverDue(): Promise<string[]> {
    const sent: string[] = [];
    for (;;) {
      const outcome = await this.deliverNext();
      if (outcome === null) return sent;
      if (outcome.sent) sent.push(outcome.id);
    }
  }

  /**
   * Claims the next due report (or the one named) and delivers it: null when none could be claimed
   * (none due, or another server holds it). FOR UPDATE SKIP LOCKED and the claim's lease make the claim
   * one server's, on both databases.
   */
  private async deliverNext(onlyId?: string): Promise<{ id: string; sent: boolean } | null> {
    const now = this.clock.now();
    const due = and(
      inArray(reportRuns.status, ['pending', 'sending']),
      lte(reportRuns.nextAttemptAt, now),
      or(eq(reportRuns.status, 'pending'), lt(reportRuns.claimedUntil, now)),
      onlyId ? eq(reportRuns.id, onlyId) : undefined,
    );
    // Picked, then claimed, in one transaction: an UPDATE over a LIMIT 1 sub-select may claim more than
    // one row (the planner can run the sub-select again per row).
    const claimed = await this.db.transaction(async (tx) => {
      const [picked] = await tx
        .select({ id: reportRuns.id })
        .from(reportRuns)
        .where(due)
        .orderBy(asc(reportRuns.periodFrom), asc(reportRuns.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!picked) return undefined;
      const [row] = await tx
        .update(reportRuns)
        .set({ status: 'sending', claimedUntil: now + this.lease, attempts: sql`${reportRuns.attempts} + 1` })
        .where(eq(reportRuns.id, picked.id))
        .returning();
      return row;
    });
    if (!claimed) return null;
    try {
      return { id: claimed.id, sent: await this.deliver(claimed) };
    } catch (err) {
      const retryIn = Math.min(3600, 300 * claimed.attempts);
      this.opts.log?.warn({ err, reportId: claimed.id }, `report not sent; tried again in ${retryIn} s`);
      await this.db
        .update(reportRuns)
        .set({
          status: 'pending',
          claimedUntil: null,
          nextAttemptAt: this.clock.now() + retryIn,
          error: `Not sent: ${(err as Error).message}`.slice(0, 500),
        })
        .where(and(eq(reportRuns.id, claimed.id), eq(reportRuns.status, 'sending')));
      return { id: claimed.id, sent: false };
    }
  }

  /** Makes (once) and mails one claimed report; false when it was skipped or its claim ran short. */
  private async deliver(run: RunRow): Promise<boolean> {
    const [sub] = await this.db
      .select()
      .from(reportSubscriptions)
      .where(eq(reportSubscriptions.id, run.subscriptionId));
    const [to] = await this.db.select().from(users).where(eq(users.id, run.staffId));
    const reason =
      !to || !isActiveStaff(to)
        ? REPORT_MESSAGES.notStaff
        : run.trigger === 'scheduled' && sub?.cancelledAt !== null
          ? REPORT_MESSAGES.cancelled
          : null;
    if (reason) {
      await this.finish(run, { status: 'skipped', error: reason }, REPORT_ACTIONS.skipped);
      return false;
    }
    const period = periodOf(run);
    const figures = await this.figuresFor(run, period);
    if (this.clock.now() > run.claimedUntil! - this.margin) {
      // Making took most of the lease: another server may claim it any moment, so this one does not send.
      await this.db
        .update(reportRuns)
        .set({ status: 'pending', claimedUntil: null })
        .where(and(eq(reportRuns.id, run.id), eq(reportRuns.status, 'sending')));
      return false;
    }
    await this.mailer.send(await reportMail(run.id, period, figures, to!, this.opts.publicUrl));
    await this.finish(run, { status: 'sent', sentAt: this.clock.now(), error: '' }, REPORT_ACTIONS.sent);
    this.opts.log?.info({ reportId: run.id, period: period.key, to: to!.email }, 'report sent');
    return true;
  }

  /**
   * The report's figures, read once and kept: a report sent again after a stop carries the same
   * figures. A scheduled report reuses those another subscription's report of the same period and zone
   * already read.
   */
  private async figuresFor(run: RunRow, period: ReportPeriod): Promise<ReportFigures> {
    if (run.figures !== null) return reportFiguresSchema.parse(run.figures);
    let figures: ReportFigures | undefined;
    if (run.trigger === 'scheduled') {
      const [twin] = await this.db
        .select({ figures: reportRuns.figures })
        .from(reportRuns)
        .where(
          and(
            eq(reportRuns.trigger, 'scheduled'),
            eq(reportRuns.frequency, run.frequency),
            eq(reportRuns.timeZone, run.timeZone),
            eq(reportRuns.periodFrom, run.periodFrom),
            sql`${reportRuns.figures} is not null`,
          ),
        )
        .limit(1);
      if (twin) figures = reportFiguresSchema.parse(twin.figures);
    }
    figures ??= await readFigures(this.db, this.clock, period);
    await this.db
      .update(reportRuns)
      .set({ figures, madeAt: figures.madeAt })
      .where(eq(reportRuns.id, run.id));
    return figures;
  }

  private async finish(
    run: RunRow,
    set: Partial<typeof reportRuns.$inferInsert>,
    action: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(reportRuns)
        .set({ ...set, claimedUntil: null })
        .where(and(eq(reportRuns.id, run.id), eq(reportRuns.status, 'sending')));
      await audit(tx, this.clock.now(), {
        actorId: null,
        action,
        entity: 'report',
        entityId: run.id,
        after: {
          to: run.staffId,
          period: run.periodKey,
          frequency: run.frequency,
          attempt: run.attempts,
          ...(set.error ? { reason: set.error } : {}),
        },
      });
    });
  }
}

const isActiveStaff = (u: { role: string; status: string }) =>
  isStaff(u.role as Role) && u.status !== 'disabled';

function newRun(
  id: string,
  sub: SubscriptionRow,
  p: ReportPeriod,
  trigger: 'scheduled' | 'manual',
  now: number,
  requestedBy: string | null,
): typeof reportRuns.$inferInsert {
  return {
    id,
    subscriptionId: sub.id,
    staffId: sub.staffId,
    frequency: p.frequency,
    timeZone: p.timeZone,
    periodFrom: p.from,
    periodTo: p.to,
    periodKey: p.key,
    periodLabel: p.label,
    trigger,
    requestedBy,
    status: 'pending',
    nextAttemptAt: now,
    createdAt: now,
  };
}

function periodOf(run: RunRow): ReportPeriod {
  return {
    frequency: run.frequency as ReportFrequency,
    timeZone: run.timeZone,
    from: run.periodFrom,
    to: run.periodTo,
    key: run.periodKey,
    label: run.periodLabel,
  };
}

function toRow(r: {
  run: RunRow;
  staff: typeof users.$inferSelect | null;
  requester: typeof users.$inferSelect | null;
}): ReportRow {
  const { run } = r;
  return {
    _id: run.id,
    subscriptionId: run.subscriptionId,
    staffName: nameOf(r.staff),
    staffEmail: r.staff?.email ?? '',
    period: periodOf(run),
    trigger: run.trigger as ReportRow['trigger'],
    requestedBy: run.requestedBy === null ? null : nameOf(r.requester) || run.requestedBy,
    status: run.status as ReportRow['status'],
    attempts: run.attempts,
    createdAt: run.createdAt,
    madeAt: run.madeAt,
    sentAt: run.sentAt,
    error: run.error,
  };
}
