import { and, asc, count, desc, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  RECONCILIATION_ACTIONS,
  RECONCILIATION_DETAIL_CAP,
  type FundingRequestType,
  type ReconciliationListRequest,
  type ReconciliationReport,
  type ReconciliationReportDetail,
  type ReconciliationRunRequest,
  type ReconciliationRunSummary,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import {
  reconciliationBatches as batchesTable,
  reconciliationMismatches as mismatchesTable,
  reconciliationReports as reports,
  users,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../audit/audit.ts';
import { isUniqueViolation } from '../../auth/staff.ts';
import { NotFound } from '../../http/errors.ts';
import type { TradingPlatform } from '../../integrations/platform/types.ts';
import type { MismatchRow } from './legs.ts';
import { reconciliationCsv } from './csv.ts';
import { mailSysops, recordAlerts } from './alerts.ts';
import { BatchRunner, runTotals } from './batches.ts';
import { planRun, type Scope } from './plan.ts';
import type { Mailer } from '../../mail/mailer.ts';

/** A running report's heartbeat is written at most this often... */
export const HEARTBEAT_SECONDS = 60;
/** ...and a 'running' report without one for this long was left by a server that stopped. */
export const STALE_AFTER_SECONDS = 10 * 60;
const INTERRUPTED = 'Interrupted: the server running it stopped before it finished.';

type Actor = { userId: string; ip: string } | null;
type ReportRow = typeof reports.$inferSelect;
/** Where critical mismatches are mailed (every active SYSOP) and failures logged. */
export type CriticalMail = {
  mailer: Mailer;
  publicUrl: string;
  log: { warn: (o: object, m: string) => void };
};

const actorName = sql<string>`coalesce(trim(concat_ws(' ', ${users.name}, ${users.surname})), '')`;

/** What ReconciliationService is built from (composition.ts). */
export type ReconciliationServiceDeps = {
  db: Db;
  platform: TradingPlatform;
  clock: Clock;
  /** Without it (tests of other parts), critical mismatches are recorded and badged but not mailed. */
  critical?: CriticalMail;
};

/**
 * Compares what the console recorded as done on the platform with the platform's balance deals, read
 * a group of accounts at a time (batches.ts), and keeps the result as a report. A run that cannot
 * reach the platform is kept too, as failed, with the reason; a daily run stopped with its server is
 * resumed from its last finished batch.
 */
export class ReconciliationService {
  private readonly batches: BatchRunner;

  constructor(private readonly deps: ReconciliationServiceDeps) {
    this.batches = new BatchRunner(deps.db, deps.platform, deps.clock);
  }

  /** A run asked for by a staff member; answers the finished report. */
  async runNow(scope: ReconciliationRunRequest, staff: { userId: string; ip: string }) {
    await this.failAbandoned();
    const report = await this.open('manual', scope, staff.userId);
    await this.execute(report, staff);
    return this.detail(report.id);
  }

  /**
   * Claims the daily run of [from, to] and runs it, unless a run of that day is done, under way, or
   * failed less than `retryAfter` seconds ago. A run whose server stopped (no heartbeat for
   * `staleAfter` seconds) is marked failed first, as of its last heartbeat, so the day runs again: an
   * interrupted run goes on in its own report from its last finished batch. Answers the report id, or
   * null when there was nothing to do.
   */
  async runDaily(
    period: { from: number; to: number },
    o: {
      staleAfter?: number;
      retryAfter: number;
      /** Aborted when the server stops: the run ends as interrupted and the day is run again later. */
      signal?: AbortSignal;
    },
  ): Promise<string | null> {
    const now = this.deps.clock.now();
    await this.failAbandoned(o.staleAfter);
    const daily = and(eq(reports.trigger, 'daily'), eq(reports.periodFrom, period.from));
    const [recentFailure] = await this.deps.db
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          daily,
          eq(reports.status, 'failed'),
          // An interrupted run is taken over at once; a platform that failed is given time.
          ne(reports.error, INTERRUPTED),
          gt(reports.finishedAt, now - o.retryAfter),
        ),
      )
      .limit(1);
    if (recentFailure) return null;
    const resumed = await this.resume(period);
    if (resumed === null) return null;
    const report = resumed ?? (await this.open('daily', period, null));
    if (!report) return null;
    await this.execute(report, null, o.signal);
    return report.id;
  }

  /**
   * Marks failed every 'running' report whose heartbeat stopped `staleAfter` seconds ago: its server
   * died mid-run (a manual run lives in its request, a daily one in its server's job), and nothing
   * else would ever finish it. Its end is its last heartbeat. A run that is alive beats every minute.
   */
  async failAbandoned(staleAfter = STALE_AFTER_SECONDS): Promise<number> {
    const now = this.deps.clock.now();
    const lastBeat = sql`coalesce(${reports.heartbeatAt}, ${reports.startedAt})`;
    // What its finished batches found is kept and counted, as for a run stopped with SIGTERM.
    const kept = (column: SQL) =>
      sql<number>`(select coalesce(sum(${column}), 0)::int from ${batchesTable} where ${batchesTable.reportId} = ${reports.id})`;
    const marked = await this.deps.db
      .update(reports)
      .set({
        status: 'failed',
        finishedAt: sql`${lastBeat}`,
        error: INTERRUPTED,
        accountsChecked: kept(sql`${batchesTable.accountsChecked}`),
        dealsChecked: kept(sql`${batchesTable.dealsChecked}`),
        mismatchCount: kept(sql`${batchesTable.mismatchCount}`),
      })
      .where(and(eq(reports.status, 'running'), lt(lastBeat, now - staleAfter)))
      .returning({ id: reports.id });
    return marked.length;
  }

  /** Kept reports, newest first. */
  async list(req: ReconciliationListRequest) {
    await this.failAbandoned();
    const page = req.page ?? 1;
    const size = req.sizePerPage ?? 10;
    const where = and(
      req.trigger ? eq(reports.trigger, req.trigger) : undefined,
      req.login !== undefined ? eq(reports.login, req.login) : undefined,
    );
    const rows = await this.deps.db
      .select({ report: reports, actorName })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.actorId))
      .where(where)
      .orderBy(desc(reports.startedAt), desc(reports.id))
      .limit(size)
      .offset((page - 1) * size);
    const [total] = await this.deps.db.select({ n: count() }).from(reports).where(where);
    return { reports: rows.map((r) => toWire(r.report, r.actorName)), totalSize: total?.n ?? 0 };
  }

  /** A report with its first RECONCILIATION_DETAIL_CAP mismatches, in the order they were found. */
  async detail(id: string): Promise<ReconciliationReportDetail> {
    await this.failAbandoned();
    const [row] = await this.deps.db
      .select({ report: reports, actorName })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.actorId))
      .where(eq(reports.id, id));
    if (!row) throw new NotFound('No such reconciliation report.');
    const mismatches = await this.mismatches(id, 0, RECONCILIATION_DETAIL_CAP);
    return { ...toWire(row.report, row.actorName), mismatches };
  }

  /** Every mismatch of a report as CSV, read a page at a time; asking for it is audited. */
  async exportCsv(id: string, staff: { userId: string; ip: string }) {
    const report = await this.detail(id);
    await audit(this.deps.db, this.deps.clock.now(), {
      actorId: staff.userId,
      action: RECONCILIATION_ACTIONS.exported,
      entity: 'reconciliation_report',
      entityId: id,
      ip: staff.ip,
    });
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const name = `reconciliation-${report.login ?? 'all'}-${day(report.from)}-${day(report.to)}.csv`;
    return { filename: name, body: reconciliationCsv((after, limit) => this.mismatches(id, after, limit)) };
  }

  private async mismatches(reportId: string, afterId: number, limit: number) {
    const rows = await this.deps.db
      .select({ m: mismatchesTable, clientName: actorName })
      .from(mismatchesTable)
      .leftJoin(users, eq(users.id, mismatchesTable.userId))
      .where(and(eq(mismatchesTable.reportId, reportId), gt(mismatchesTable.id, afterId)))
      .orderBy(asc(mismatchesTable.id))
      .limit(limit);
    return rows.map(({ m, clientName }) => ({
      id: m.id,
      kind: m.kind as MismatchRow['kind'],
      login: m.login,
      requestType: m.requestType as FundingRequestType | null,
      requestId: m.requestId,
      requestStatus: m.requestStatus,
      leg: m.leg as MismatchRow['leg'],
      userId: m.userId,
      clientName: clientName ?? '',
      currency: m.currency,
      expectedAmount: m.expectedAmount,
      approvedAt: m.approvedAt,
      dealId: m.dealId,
      dealAmount: m.dealAmount,
      dealTime: m.dealTime,
      comment: m.comment,
      note: m.note,
      critical: m.critical,
    }));
  }

  /** Writes the 'running' row; a daily claim of a day already claimed answers undefined. */
  private async open(trigger: 'manual', scope: Scope, actorId: string | null): Promise<ReportRow>;
  private async open(trigger: 'daily', scope: Scope, actorId: null): Promise<ReportRow | undefined>;
  private async open(trigger: 'manual' | 'daily', scope: Scope, actorId: string | null) {
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .insert(reports)
      .values({
        id: newId(now),
        trigger,
        status: 'running',
        login: scope.login ?? null,
        periodFrom: scope.from,
        periodTo: scope.to,
        startedAt: now,
        heartbeatAt: now,
        actorId,
      })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  /**
   * Takes over the day's report when its newest one was interrupted: back to 'running' with its
   * finished batches kept. Answers undefined when there is none to take over, null when another
   * server took it (or the day) first.
   */
  private async resume(period: { from: number }): Promise<ReportRow | null | undefined> {
    const [last] = await this.deps.db
      .select()
      .from(reports)
      .where(and(eq(reports.trigger, 'daily'), eq(reports.periodFrom, period.from)))
      .orderBy(desc(reports.startedAt), desc(reports.id))
      .limit(1);
    if (last?.status !== 'failed' || last.error !== INTERRUPTED) return undefined;
    const now = this.deps.clock.now();
    try {
      const [row] = await this.deps.db
        .update(reports)
        .set({ status: 'running', heartbeatAt: now, finishedAt: null, error: '' })
        .where(and(eq(reports.id, last.id), eq(reports.status, 'failed'), eq(reports.error, INTERRUPTED)))
        .returning();
      return row ?? null;
    } catch (err) {
      // The day's partial unique index: another server claimed the day meanwhile.
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  private async execute(report: ReportRow, actor: Actor, signal?: AbortSignal): Promise<void> {
    const scope: Scope = { login: report.login ?? undefined, from: report.periodFrom, to: report.periodTo };
    let legCount = 0;
    let error = '';
    try {
      const plan = await planRun(this.deps.db, this.deps.platform.name, scope);
      legCount = plan.legCount;
      await this.batches.run(report.id, scope, plan, this.heartbeat(report.id), signal);
    } catch (err) {
      // Stopped with the server: marked as interrupted, which the next daily round takes over at once.
      if (signal?.aborted) error = INTERRUPTED;
      else error = `The platform could not be read: ${err instanceof Error ? err.message : String(err)}`;
    }
    await this.finish(report, legCount, error, actor);
  }

  /** Writes the report's heartbeat when a minute has passed since the last one. */
  private heartbeat(reportId: string): () => Promise<void> {
    let last = this.deps.clock.now();
    return async () => {
      const now = this.deps.clock.now();
      if (now - last < HEARTBEAT_SECONDS) return;
      last = now;
      await this.deps.db
        .update(reports)
        .set({ heartbeatAt: now })
        .where(and(eq(reports.id, reportId), eq(reports.status, 'running')));
    };
  }

  /**
   * Ends the report with the totals of its kept batches (a failed or interrupted run keeps what its
   * finished batches found) and raises their duplicates as alerts, mailed after the commit.
   */
  private async finish(report: ReportRow, legCount: number, error: string, actor: Actor) {
    const now = this.deps.clock.now();
    const raised = await this.deps.db.transaction(async (tx) => {
      const { duplicates, ...totals } = await runTotals(tx, report.id);
      const status = error ? 'failed' : totals.mismatchCount > 0 ? 'mismatches' : 'ok';
      const result = { status, finishedAt: now, legsChecked: legCount, ...totals, error };
      // Only a report still running is finished: one marked failed meanwhile (its heartbeat looked
      // stopped) stays failed, and a daily day may already be claimed again by another run.
      const [still] = await tx
        .update(reports)
        .set(result)
        .where(and(eq(reports.id, report.id), eq(reports.status, 'running')))
        .returning({ id: reports.id });
      if (!still) return [];
      const raised = await recordAlerts(tx, duplicates, report.id, now);
      await audit(tx, now, {
        actorId: actor?.userId ?? null,
        action: RECONCILIATION_ACTIONS.run,
        entity: 'reconciliation_report',
        entityId: report.id,
        after: {
          trigger: report.trigger,
          login: report.login,
          from: report.periodFrom,
          to: report.periodTo,
          ...result,
        },
        ip: actor?.ip,
      });
      return raised;
    });
    // After the commit: the console already shows the alerts (badge, live event); mail the SYSOPs.
    if (this.deps.critical) await mailSysops({ db: this.deps.db, ...this.deps.critical }, raised);
  }
}

/** A run as the dashboard lists it: what the reconciliation screen shows of it in the first place. */
export function toRunSummary(r: ReportRow): ReconciliationRunSummary {
  return {
    _id: r.id,
    trigger: r.trigger as ReconciliationRunSummary['trigger'],
    status: r.status as ReconciliationRunSummary['status'],
    login: r.login,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    accountsChecked: r.accountsChecked,
    mismatchCount: r.mismatchCount,
  };
}

function toWire(r: ReportRow, actorName: string | null): ReconciliationReport {
  return {
    ...toRunSummary(r),
    from: r.periodFrom,
    to: r.periodTo,
    actorId: r.actorId,
    actorName: actorName ?? '',
    legsChecked: r.legsChecked,
    dealsChecked: r.dealsChecked,
    error: r.error,
  };
}
