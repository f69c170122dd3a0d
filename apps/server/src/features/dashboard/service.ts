import { sql, type SQL } from 'drizzle-orm';
import {
  APPROVAL_REQUEST_TYPES,
  CURRENCIES,
  DASHBOARD_PLATFORM_CHANGES,
  DASHBOARD_QUEUES,
  DASHBOARD_RECONCILIATION_RUNS,
  type ActivityDay,
  type DashboardActivity,
  type DashboardOverview,
  type DashboardQueue,
  type MoneyTotal,
  type PlatformHistory,
  type ReconciliationRunSummary,
  type StaffDecisions,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  alerts,
  approvalThresholds,
  bankAccounts,
  deposits,
  fundingApprovals,
  fundingHourly,
  ibRequests,
  leverageChanges,
  menuCounters,
  platformStatus,
  platformStatusHistory,
  reconciliationAlerts,
  reconciliationReports,
  staffDecisionsHourly,
  subAccountRequests,
  transfers,
  users,
  withdrawals,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { firstHourOf, localDays } from './local-days.ts';
import { toRunSummary } from '../reconciliation/service.ts';
import { DAY_SECONDS, statusSpans, uptimeOf } from './status-spans.ts';

/**
 * When the oldest item of each queue arrived, for exactly the rows its sidebar counter counts
 * (migration 0014's predicates). Each is the far end of an index range on (status, time): one index
 * descent, whatever the size of the table.
 */
const OLDEST: Record<DashboardQueue, SQL> = {
  newClients: sql`select ${users.timestamp} from ${users}
    where ${users.status} = 'new' and ${users.role} in ('USER', 'PARTNER') order by ${users.timestamp} limit 1`,
  newIntroducerRequests: sql`select ${ibRequests.timestamp} from ${ibRequests}
    where ${ibRequests.status} = 'pending' order by ${ibRequests.timestamp} limit 1`,
  newDeposits: sql`select ${deposits.timestamp} from ${deposits}
    where ${deposits.status} = 'pending' order by ${deposits.timestamp} limit 1`,
  newWithdrawals: sql`select ${withdrawals.timestamp} from ${withdrawals}
    where ${withdrawals.status} = 'pending'
      and (not ${withdrawals.providerHandled} or ${withdrawals.providerStatus} = 'PROCESSED')
    order by ${withdrawals.timestamp} limit 1`,
  newTransfers: sql`select ${transfers.timestamp} from ${transfers}
    where ${transfers.status} = 'pending' order by ${transfers.timestamp} limit 1`,
  newBankDetails: sql`select ${bankAccounts.timestamp} from ${bankAccounts}
    where ${bankAccounts.status} = 'pending' order by ${bankAccounts.timestamp} limit 1`,
  newSubAccounts: sql`select ${subAccountRequests.timeCreated} from ${subAccountRequests}
    where ${subAccountRequests.status} = 'pending' order by ${subAccountRequests.timeCreated} limit 1`,
  newChangeLeverages: sql`select ${leverageChanges.timestamp} from ${leverageChanges}
    where ${leverageChanges.status} = 'pending' order by ${leverageChanges.timestamp} limit 1`,
  criticalMismatches: sql`select ${reconciliationAlerts.foundAt} from ${reconciliationAlerts}
    where ${reconciliationAlerts.acknowledgedAt} is null order by ${reconciliationAlerts.foundAt} limit 1`,
  openAlerts: sql`select ${alerts.createdAt} from ${alerts}
    where ${alerts.status} = 'open' order by ${alerts.createdAt} limit 1`,
};

/** Status changes read per platform: enough for a day of a platform that flaps every few minutes. */
const CHANGES_READ = 300;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** What DashboardService is built from (composition.ts). */
export type DashboardServiceDeps = {
  db: Db;
  clock: Clock;
  platformNames: string[];
};

/** The Home screen's figures, each read from an index or a table the database keeps. */
export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  async overview(): Promise<DashboardOverview> {
    const now = this.deps.clock.now();
    return {
      now,
      queues: await this.queues(),
      fourEyes: await this.fourEyes(),
      platforms: await this.platforms(now),
      reconciliation: await this.reconciliationRuns(),
    };
  }

  private async queues() {
    const counts = await this.deps.db
      .select({ name: menuCounters.name, n: menuCounters.n })
      .from(menuCounters);
    const columns = DASHBOARD_QUEUES.map((q) => sql`(${OLDEST[q]}) as ${sql.identifier(q)}`);
    const [oldest] = rowsOf<Record<DashboardQueue, unknown>>(
      await this.deps.db.execute(sql`select ${sql.join(columns, sql`, `)}`),
    );
    return DASHBOARD_QUEUES.map((queue) => ({
      queue,
      count: Number(counts.find((c) => c.name === queue)?.n ?? 0),
      oldestAt: num(oldest?.[queue]),
    }));
  }

  private async fourEyes() {
    const rows = await this.deps.db
      .select({
        requestType: fundingApprovals.requestType,
        count: sql<number>`count(*)::int`,
        oldestAt: sql<number>`min(${fundingApprovals.firstAt})`,
      })
      .from(fundingApprovals)
      .where(sql`${fundingApprovals.state} = 'awaiting'`)
      .groupBy(fundingApprovals.requestType)
      .orderBy(fundingApprovals.requestType);
    const byType = rows.map((r) => ({
      requestType: r.requestType as 'deposit' | 'withdrawal' | 'transfer',
      count: Number(r.count),
      oldestAt: Number(r.oldestAt),
    }));
    const set = await this.deps.db
      .select({ requestType: approvalThresholds.requestType, currency: approvalThresholds.currency })
      .from(approvalThresholds);
    const has = new Set(set.map((t) => `${t.requestType}:${t.currency}`));
    const off = APPROVAL_REQUEST_TYPES.flatMap((requestType) =>
      CURRENCIES.filter((currency) => !has.has(`${requestType}:${currency}`)).map((currency) => ({
        requestType,
        currency,
      })),
    );
    return {
      count: byType.reduce((s, r) => s + r.count, 0),
      oldestAt: byType.length ? Math.min(...byType.map((r) => r.oldestAt)) : null,
      off,
      byType,
    };
  }

  private async platforms(now: number): Promise<PlatformHistory[]> {
    const current = await this.deps.db.select().from(platformStatus);
    const out: PlatformHistory[] = [];
    for (const platform of this.deps.platformNames) {
      const row = current.find((r) => r.platform === platform);
      const newestFirst = await this.deps.db
        .select({ status: platformStatusHistory.status, at: platformStatusHistory.at })
        .from(platformStatusHistory)
        .where(sql`${platformStatusHistory.platform} = ${platform}`)
        .orderBy(sql`${platformStatusHistory.at} desc, ${platformStatusHistory.id} desc`)
        .limit(CHANGES_READ);
      const before = newestFirst.find((c) => c.at < now - DAY_SECONDS) ?? null;
      const spans = statusSpans(now, [...newestFirst].reverse(), before);
      out.push({
        platform,
        status: row?.status ?? 'Not checked yet',
        since: newestFirst[0]?.at ?? null,
        checkedAt: row?.checkedAt ?? null,
        uptime24h: uptimeOf(spans),
        spans,
        changes: newestFirst.slice(0, DASHBOARD_PLATFORM_CHANGES),
      });
    }
    return out;
  }

  private async reconciliationRuns(): Promise<ReconciliationRunSummary[]> {
    const r = reconciliationReports;
    const rows = await this.deps.db
      .select()
      .from(r)
      .orderBy(sql`${r.startedAt} desc, ${r.id} desc`)
      .limit(DASHBOARD_RECONCILIATION_RUNS);
    return rows.map(toRunSummary);
  }

  /**
   * Money approved and decisions made per local day of `tz`, from the hourly tables: at most
   * days x 24 x 6 rows of funding_hourly, summed into days by the database (width_bucket over the
   * days' first hours), and one row per staff member.
   */
  async activity(days: number, tz: string): Promise<DashboardActivity> {
    const span = localDays(this.deps.clock.now(), tz, days);
    const bounds = [...span.map((d) => firstHourOf(d.start)), firstHourOf(span.at(-1)!.end)];
    const [first, last, today] = [bounds[0]!, bounds.at(-1)!, bounds.at(-2)!];
    const thresholds = sql`array[${sql.join(
      bounds.map((b) => sql`${b}`),
      sql`, `,
    )}]::int[]`;
    const f = fundingHourly;
    const money = rowsOf<{ day: number; kind: string; currency: string; n: number; amount: string }>(
      await this.deps.db.execute(sql`
        select width_bucket(${f.hour}, ${thresholds}) as day, ${f.kind} as kind, ${f.currency} as currency,
               sum(${f.n})::int as n, sum(${f.amount})::text as amount
        from ${f} where ${f.hour} >= ${first} and ${f.hour} < ${last}
        group by 1, 2, 3 order by 1, 2, 3`),
    );
    const totals = (day: number, kind: string): MoneyTotal[] =>
      money
        .filter((m) => Number(m.day) === day && m.kind === kind && Number(m.n) !== 0)
        .map((m) => ({
          currency: m.currency as MoneyTotal['currency'],
          count: Number(m.n),
          amount: Number(m.amount),
        }));
    const dayRows: ActivityDay[] = span.map((d, i) => ({
      date: d.date,
      start: d.start,
      deposits: totals(i + 1, 'deposit'),
      withdrawals: totals(i + 1, 'withdrawal'),
    }));
    return { tz, days: dayRows, staff: await this.staffDecisions(first, today, last) };
  }

  private async staffDecisions(first: number, today: number, last: number): Promise<StaffDecisions[]> {
    const s = staffDecisionsHourly;
    const inToday = sql`${s.hour} >= ${today}`;
    const rows = await this.deps.db
      .select({
        staffId: s.staffId,
        name: users.name,
        surname: users.surname,
        todayApproved: sql<number>`coalesce(sum(${s.approved}) filter (where ${inToday}), 0)::int`,
        todayRejected: sql<number>`coalesce(sum(${s.rejected}) filter (where ${inToday}), 0)::int`,
        approved: sql<number>`sum(${s.approved})::int`,
        rejected: sql<number>`sum(${s.rejected})::int`,
      })
      .from(s)
      .leftJoin(users, sql`${users.id} = ${s.staffId}`)
      .where(sql`${s.hour} >= ${first} and ${s.hour} < ${last}`)
      .groupBy(s.staffId, users.name, users.surname);
    return rows
      .map((r) => ({
        staffId: r.staffId,
        name: r.name === null ? r.staffId : `${r.name} ${r.surname ?? ''}`.trim(),
        today: { approved: Number(r.todayApproved), rejected: Number(r.todayRejected) },
        period: { approved: Number(r.approved), rejected: Number(r.rejected) },
      }))
      .filter((r) => r.period.approved + r.period.rejected > 0)
      .sort(
        (a, b) =>
          b.period.approved + b.period.rejected - (a.period.approved + a.period.rejected) ||
          a.name.localeCompare(b.name),
      );
  }
}
