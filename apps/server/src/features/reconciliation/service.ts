import { and, asc, between, count, desc, eq, gt, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  isCriticalMismatch,
  RECONCILIATION_ACTIONS,
  RECONCILIATION_DETAIL_CAP,
  type FundingRequestType,
  type ReconciliationListRequest,
  type ReconciliationReport,
  type ReconciliationReportDetail,
  type ReconciliationRunRequest,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import {
  deposits,
  platformOperations,
  reconciliationMismatches as mismatchesTable,
  reconciliationReports as reports,
  tradingAccounts,
  transfers,
  users,
  withdrawals,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../audit/audit.ts';
import { NotFound } from '../../http/errors.ts';
import { PlatformError, type Deal, type TradingPlatform } from '../../integrations/platform/types.ts';
import {
  depositLegs,
  fundingKey,
  matchAccount,
  transferLegs,
  withdrawalLegs,
  type Leg,
  type MismatchRow,
} from './legs.ts';
import { reconciliationCsv } from './csv.ts';
import { mailSysops, recordAlerts, type Duplicate } from './alerts.ts';
import type { Mailer } from '../../mail/mailer.ts';

const DAY = 86_400;
/** Deals are asked for from a day before the period (the platform's time zone is its own)... */
const BEFORE = DAY;
/** ...to a week after it: an operation approved late in the period may settle days later. */
const AFTER = 7 * DAY;
/** MT5's NOTFOUND: the platform does not know the login. */
const NOT_FOUND = 13;
const ACCOUNT_PAGE = 1000;
const INSERT_CHUNK = 500;
/** A running report's heartbeat is written at most this often... */
export const HEARTBEAT_SECONDS = 60;
/** ...and a 'running' report without one for this long was left by a server that stopped. */
export const STALE_AFTER_SECONDS = 10 * 60;
const INTERRUPTED = 'Interrupted: the server running it stopped before it finished.';

type Scope = { login?: number; from: number; to: number };
type Actor = { userId: string; ip: string } | null;
type ReportRow = typeof reports.$inferSelect;
type Found = {
  mismatches: MismatchRow[];
  /** Operation keys on the platform more than once for one account (critical), by login and key. */
  duplicates: Map<string, Duplicate>;
  accountsChecked: number;
  legsChecked: number;
  dealsChecked: number;
};
/** Where critical mismatches are mailed (every active SYSOP) and failures logged. */
export type CriticalMail = {
  mailer: Mailer;
  publicUrl: string;
  log: { warn: (o: object, m: string) => void };
};

/**
 * What names one movement on the platform: a funding request's leg (`dep:<id>`, its retries
 * `dep:<id>:2` included, which must not both land), or else the deal's whole comment.
 */
const movementKey = (comment: string) => {
  const key = fundingKey(comment);
  return key ? `${key.prefix}:${key.requestId}` : comment;
};
const byTime = (a: Deal, b: Deal) => a.time - b.time || a.deal.localeCompare(b.deal);
/** One account's deals grouped by the movement they name, each group in time order. */
function movements(deals: Deal[]): Map<string, Deal[]> {
  const groups = new Map<string, Deal[]>();
  for (const d of [...deals].sort(byTime)) {
    const key = movementKey(d.comment);
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return groups;
}

const actorName = sql<string>`coalesce(trim(concat_ws(' ', ${users.name}, ${users.surname})), '')`;

/**
 * Compares what the console recorded as done on the platform with the platform's balance deals, one
 * account at a time (the platform is asked per login), and keeps the result as a report. A run that
 * cannot reach the platform is kept too, as failed, with the reason.
 */
export class ReconciliationService {
  constructor(
    private readonly db: Db,
    private readonly platform: TradingPlatform,
    private readonly clock: Clock,
    /** Without it (tests of other parts), critical mismatches are recorded and badged but not mailed. */
    private readonly critical?: CriticalMail,
  ) {}

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
   * `staleAfter` seconds) is marked failed first, as of its last heartbeat, so the day runs again.
   * Answers the report id, or null when there was nothing to do.
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
    const now = this.clock.now();
    await this.failAbandoned(o.staleAfter);
    const daily = and(eq(reports.trigger, 'daily'), eq(reports.periodFrom, period.from));
    const [recentFailure] = await this.db
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
    const report = await this.open('daily', period, null);
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
    const now = this.clock.now();
    const lastBeat = sql`coalesce(${reports.heartbeatAt}, ${reports.startedAt})`;
    const marked = await this.db
      .update(reports)
      .set({ status: 'failed', finishedAt: sql`${lastBeat}`, error: INTERRUPTED })
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
    const rows = await this.db
      .select({ report: reports, actorName })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.actorId))
      .where(where)
      .orderBy(desc(reports.startedAt), desc(reports.id))
      .limit(size)
      .offset((page - 1) * size);
    const [total] = await this.db.select({ n: count() }).from(reports).where(where);
    return { reports: rows.map((r) => toWire(r.report, r.actorName)), totalSize: total?.n ?? 0 };
  }

  /** A report with its first RECONCILIATION_DETAIL_CAP mismatches, in the order they were found. */
  async detail(id: string): Promise<ReconciliationReportDetail> {
    await this.failAbandoned();
    const [row] = await this.db
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
    await audit(this.db, this.clock.now(), {
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
    const rows = await this.db
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
    const now = this.clock.now();
    const [row] = await this.db
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

  private async execute(report: ReportRow, actor: Actor, signal?: AbortSignal): Promise<void> {
    const scope = { login: report.login ?? undefined, from: report.periodFrom, to: report.periodTo };
    let found: Found | undefined;
    let error = '';
    try {
      found = await this.compare(scope, this.heartbeat(report.id), signal);
    } catch (err) {
      // Stopped with the server: marked as interrupted, which the next daily round takes over at once.
      if (signal?.aborted) error = INTERRUPTED;
      else error = `The platform could not be read: ${err instanceof Error ? err.message : String(err)}`;
    }
    await this.finish(report, found, error, actor);
  }

  /** Writes the report's heartbeat when a minute has passed since the last one. */
  private heartbeat(reportId: string): () => Promise<void> {
    let last = this.clock.now();
    return async () => {
      const now = this.clock.now();
      if (now - last < HEARTBEAT_SECONDS) return;
      last = now;
      await this.db
        .update(reports)
        .set({ heartbeatAt: now })
        .where(and(eq(reports.id, reportId), eq(reports.status, 'running')));
    };
  }

  private async finish(report: ReportRow, found: Found | undefined, error: string, actor: Actor) {
    const now = this.clock.now();
    const mismatches = found?.mismatches ?? [];
    const status = !found ? 'failed' : mismatches.length > 0 ? 'mismatches' : 'ok';
    const result = {
      status,
      finishedAt: now,
      accountsChecked: found?.accountsChecked ?? 0,
      legsChecked: found?.legsChecked ?? 0,
      dealsChecked: found?.dealsChecked ?? 0,
      mismatchCount: mismatches.length,
      error,
    };
    const raised = await this.db.transaction(async (tx) => {
      // Only a report still running is finished: one marked failed meanwhile (its heartbeat looked
      // stopped) stays failed, and a daily day may already be claimed again by another run.
      const [still] = await tx
        .update(reports)
        .set(result)
        .where(and(eq(reports.id, report.id), eq(reports.status, 'running')))
        .returning({ id: reports.id });
      if (!still) return [];
      for (let i = 0; i < mismatches.length; i += INSERT_CHUNK) {
        await tx
          .insert(mismatchesTable)
          .values(
            mismatches
              .slice(i, i + INSERT_CHUNK)
              .map((m) => ({ ...m, reportId: report.id, critical: isCriticalMismatch(m.kind) })),
          );
      }
      const raised = await recordAlerts(tx, [...(found?.duplicates.values() ?? [])], report.id, now);
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
    if (this.critical) await mailSysops({ db: this.db, ...this.critical }, raised);
  }

  /** The comparison itself: legs of the period, the accounts to ask about, and each account's deals. */
  private async compare(scope: Scope, beat: () => Promise<void>, signal?: AbortSignal): Promise<Found> {
    const legs = await this.legsIn(scope);
    const byLogin = new Map<number, Leg[]>();
    for (const leg of legs) byLogin.set(leg.login, [...(byLogin.get(leg.login) ?? []), leg]);
    const logins =
      scope.login !== undefined
        ? [scope.login]
        : [...new Set([...byLogin.keys(), ...(await this.liveAccounts())])].sort((a, b) => a - b);

    const now = this.clock.now();
    const window = {
      from: Math.max(0, scope.from - BEFORE),
      to: Math.max(scope.to, Math.min(scope.to + AFTER, now + DAY)),
    };
    const found: Found = {
      mismatches: [],
      duplicates: new Map(),
      accountsChecked: 0,
      legsChecked: legs.length,
      dealsChecked: 0,
    };
    for (const login of logins) {
      // Checked between accounts: a stopping server ends a long run after the account in hand.
      signal?.throwIfAborted();
      await beat();
      const { deals, missing } = await this.dealsOf(login, window);
      found.accountsChecked++;
      found.dealsChecked += deals.length;
      const groups = movements(deals);
      const matched = matchAccount(byLogin.get(login) ?? [], deals);
      if (missing) for (const m of matched.mismatches) m.note = 'The platform does not know this account.';
      const strays = [
        ...(await this.fundingStrays(login, matched.funding, scope, groups)),
        ...(await this.otherStrays(login, matched.other, scope, groups)),
      ];
      found.mismatches.push(...matched.mismatches, ...strays);
      for (const m of strays) {
        if (m.kind !== 'duplicate_deal') continue;
        const key = movementKey(m.comment);
        found.duplicates.set(`${login}|${key}`, {
          login,
          comment: key,
          dealIds: (groups.get(key) ?? []).map((d) => d.deal),
          requestType: m.requestType,
          requestId: m.requestId,
        });
      }
    }
    return found;
  }

  private async dealsOf(login: number, window: { from: number; to: number }) {
    try {
      return { deals: await this.platform.balanceDeals(login, window.from, window.to), missing: false };
    } catch (err) {
      if (err instanceof PlatformError && err.code === NOT_FOUND)
        return { deals: [] as Deal[], missing: true };
      throw err;
    }
  }

  /**
   * Deals naming a funding request that no leg of this run took. A request of another period is that
   * period's business; a second deal for a request of this period moved money twice (critical); a deal
   * for a request the console does not count as done (pending, rejected, failed) moved money it should
   * not have, critical too when several deals carry its key. The last kind is reported in the period of
   * the deal's time, so it is reported once.
   */
  private async fundingStrays(
    login: number,
    strays: Deal[],
    scope: Scope,
    groups: Map<string, Deal[]>,
  ): Promise<MismatchRow[]> {
    if (strays.length === 0) return [];
    const keys = strays.map((d) => ({ deal: d, key: fundingKey(d.comment)! }));
    const requests = await this.requestsById(keys.map((k) => k.key));
    const out: MismatchRow[] = [];
    for (const { deal, key } of keys) {
      const request = requests.get(`${key.requestType}:${key.requestId}`);
      const leg = request?.legs.find((l) => l.prefix === key.prefix && l.login === login);
      const inPeriod = (t: number) => t >= scope.from && t <= scope.to;
      if (leg && !inPeriod(leg.approvedAt)) continue;
      const base = {
        kind: 'extra_deal' as const,
        login,
        requestType: key.requestType,
        requestId: key.requestId,
        requestStatus: request?.status ?? null,
        leg: leg?.leg ?? null,
        userId: request?.userId ?? null,
        currency: request?.currency ?? '',
        expectedAmount: leg?.amount ?? null,
        approvedAt: leg?.approvedAt ?? null,
        dealId: deal.deal,
        dealAmount: deal.amount,
        dealTime: deal.time,
        comment: deal.comment,
      };
      const times = groups.get(movementKey(deal.comment))?.length ?? 1;
      if (leg) {
        out.push({
          ...base,
          kind: 'duplicate_deal',
          note: 'A second deal for the same movement: the money moved twice.',
        });
      } else if (inPeriod(deal.time)) {
        const why = !request
          ? 'The console has no such request.'
          : `The console does not count this request as done on the platform (status ${request.status}${request.mtStatus ? `, MTStatus ${request.mtStatus}` : ''}).`;
        out.push(
          times > 1
            ? { ...base, kind: 'duplicate_deal', note: `${times} deals carry this operation key. ${why}` }
            : { ...base, note: why },
        );
      }
    }
    return out;
  }

  /**
   * Deals naming no funding request: the console's own balance operations of other kinds (a demo
   * account's opening balance) are accounted for; any other deal of the period was made outside the
   * console.
   */
  private async otherStrays(
    login: number,
    strays: Deal[],
    scope: Scope,
    groups: Map<string, Deal[]>,
  ): Promise<MismatchRow[]> {
    const inPeriod = strays.filter((d) => d.time >= scope.from && d.time <= scope.to);
    if (inPeriod.length === 0) return [];
    const known = await this.db
      .select({ key: platformOperations.idempotencyKey })
      .from(platformOperations)
      .where(
        and(
          inArray(
            platformOperations.idempotencyKey,
            inPeriod.map((d) => d.comment),
          ),
          eq(platformOperations.kind, 'balance'),
          eq(platformOperations.state, 'succeeded'),
        ),
      );
    const ours = new Set(known.map((k) => k.key));
    const stray = (d: Deal): MismatchRow => ({
      kind: 'extra_deal',
      login,
      requestType: null,
      requestId: null,
      requestStatus: null,
      leg: null,
      userId: null,
      currency: '',
      expectedAmount: null,
      approvedAt: null,
      dealId: d.deal,
      dealAmount: d.amount,
      dealTime: d.time,
      comment: d.comment,
      note: 'No request of the console names this deal: it was made outside the console.',
    });
    // The console's own operation, made once: any deal under its key after the first moved money again.
    const again = (d: Deal) => {
      const group = groups.get(movementKey(d.comment)) ?? [d];
      return group.length > 1 && group[0] !== d;
    };
    return inPeriod.flatMap((d): MismatchRow[] => {
      if (!ours.has(d.comment)) return [stray(d)];
      if (!again(d)) return [];
      const times = groups.get(movementKey(d.comment))!.length;
      return [
        {
          ...stray(d),
          kind: 'duplicate_deal',
          note: `The console made this operation once; the platform has ${times} deals for it.`,
        },
      ];
    });
  }

  /** The legs of requests approved in the period (and, for one account, those on it). */
  private async legsIn(scope: Scope): Promise<Leg[]> {
    const { from, to, login } = scope;
    const [deps, wds, trs] = [
      await this.db
        .select()
        .from(deposits)
        .where(
          and(
            eq(deposits.status, 'approved'),
            eq(deposits.mtStatus, 'SUCCESS'),
            between(deposits.timeApproved, from, to),
            login !== undefined ? eq(deposits.accountNumber, login) : undefined,
          ),
        ),
      await this.db
        .select()
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.status, 'approved'),
            eq(withdrawals.mtStatus, 'SUCCESS'),
            between(withdrawals.timeApproved, from, to),
            login !== undefined ? eq(withdrawals.accountNumber, login) : undefined,
          ),
        ),
      await this.db
        .select()
        .from(transfers)
        .where(
          and(
            isNotNull(sql`${transfers.times} ->> 'approved'`),
            sql`((${transfers.times} ->> 'approved')::bigint) between ${from} and ${to}`,
            login !== undefined
              ? or(eq(transfers.sourceAccount, login), eq(transfers.destinationAccount, login))
              : undefined,
          ),
        ),
    ];
    const legs = [...deps.flatMap(depositLegs), ...wds.flatMap(withdrawalLegs), ...trs.flatMap(transferLegs)];
    return login === undefined ? legs : legs.filter((l) => l.login === login);
  }

  /** Every live, approved account on the platform, by number. */
  private async liveAccounts(): Promise<number[]> {
    const logins: number[] = [];
    for (let after = -1; ;) {
      const page = await this.db
        .selectDistinct({ n: tradingAccounts.number })
        .from(tradingAccounts)
        .where(
          and(
            eq(tradingAccounts.live, true),
            eq(tradingAccounts.approved, true),
            eq(tradingAccounts.platform, this.platform.name),
            gt(tradingAccounts.number, after),
          ),
        )
        .orderBy(asc(tradingAccounts.number))
        .limit(ACCOUNT_PAGE);
      logins.push(...page.map((p) => p.n));
      if (page.length < ACCOUNT_PAGE) return logins;
      after = page[page.length - 1]!.n;
    }
  }

  /** Requests named by deal comments, with their legs whatever their period. */
  private async requestsById(keys: { requestType: FundingRequestType; requestId: string }[]) {
    const ids = (type: FundingRequestType) => [
      ...new Set(keys.filter((k) => k.requestType === type).map((k) => k.requestId)),
    ];
    type Known = { status: string; mtStatus: string; userId: string; currency: string; legs: Leg[] };
    const known = new Map<string, Known>();
    const dep = ids('deposit');
    if (dep.length > 0)
      for (const d of await this.db.select().from(deposits).where(inArray(deposits.id, dep)))
        known.set(`deposit:${d.id}`, {
          status: d.status,
          mtStatus: d.mtStatus,
          userId: d.userId,
          currency: d.depositCurrency,
          legs: depositLegs(d),
        });
    const wd = ids('withdrawal');
    if (wd.length > 0)
      for (const w of await this.db.select().from(withdrawals).where(inArray(withdrawals.id, wd)))
        known.set(`withdrawal:${w.id}`, {
          status: w.status,
          mtStatus: w.mtStatus,
          userId: w.userId,
          currency: w.withdrawalCurrency,
          legs: withdrawalLegs(w),
        });
    const tr = ids('transfer');
    if (tr.length > 0)
      for (const t of await this.db.select().from(transfers).where(inArray(transfers.id, tr)))
        known.set(`transfer:${t.id}`, {
          status: t.status,
          mtStatus: [t.sourceMtStatus, t.destinationMtStatus].filter(Boolean).join(' / '),
          userId: t.userId,
          currency: t.transferCurrency,
          legs: transferLegs(t),
        });
    return known;
  }
}

function toWire(r: ReportRow, actorName: string | null): ReconciliationReport {
  return {
    _id: r.id,
    trigger: r.trigger as ReconciliationReport['trigger'],
    status: r.status as ReconciliationReport['status'],
    login: r.login,
    from: r.periodFrom,
    to: r.periodTo,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    actorId: r.actorId,
    actorName: actorName ?? '',
    accountsChecked: r.accountsChecked,
    legsChecked: r.legsChecked,
    dealsChecked: r.dealsChecked,
    mismatchCount: r.mismatchCount,
    error: r.error,
  };
}
