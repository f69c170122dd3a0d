import { sql } from 'drizzle-orm';
import { CURRENCIES, isCriticalMismatch, type MismatchKind, type ReportFigures } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Clock } from '../../lib/clock.ts';
import { DashboardService } from '../dashboard/service.ts';

type Range = { from: number; to: number };
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const amount = (c: number) => c / 100;
const currencyOrder = (c: string) => {
  const i = (CURRENCIES as readonly string[]).indexOf(c);
  return i < 0 ? CURRENCIES.length : i;
};

/**
 * The figures of a report over [from, to) (docs/product.md [reports.figures]). Each read is bounded by
 * the period through an index on its time (approval, decision, creation, resolution, run end), so a
 * month of a large book costs the month's rows, not the book's; the queues are the dashboard's own
 * reads (kept counters and the oldest row of each by index).
 */
export async function readFigures(db: Db, clock: Clock, period: Range): Promise<ReportFigures> {
  const madeAt = clock.now();
  const overview = await new DashboardService({ db, clock, platformNames: [] }).overview();
  return {
    madeAt,
    ...(await funding(db, period)),
    queues: overview.queues.map((q) => ({ queue: q.queue, count: q.count, oldestAt: q.oldestAt })),
    decisions: await decisions(db, period),
    fourEyes: {
      ...(await fourEyes(db, period)),
      awaitingNow: overview.fourEyes.count,
      oldestAwaitingAt: overview.fourEyes.oldestAt,
    },
    alerts: await alerts(db, period),
    reconciliation: await reconciliation(db, period),
  };
}

/** Approved money by approval time, per currency and method (deposits_approved_at_idx, withdrawals_approved_at_idx). */
async function funding(db: Db, { from, to }: Range) {
  type Row = { currency: string; method: string; n: number; amount: string };
  const [ins, outs] = await Promise.all([
    db.execute(sql`select deposit_currency as currency, deposit_type as method, count(*)::int as n,
        sum(deposit_amount_sent)::text as amount
      from deposits where status = 'approved' and time_approved >= ${from} and time_approved < ${to}
      group by 1, 2`),
    db.execute(sql`select withdrawal_currency as currency, withdrawal_type as method, count(*)::int as n,
        sum(withdrawal_amount)::text as amount
      from withdrawals where status = 'approved' and time_approved >= ${from} and time_approved < ${to}
      group by 1, 2`),
  ]);
  type Line = { currency: string; method: string; dn: number; dc: number; wn: number; wc: number };
  const lines = new Map<string, Line>();
  const line = (r: Row) => {
    const key = `${r.currency}\u0000${r.method}`;
    let l = lines.get(key);
    if (!l) lines.set(key, (l = { currency: r.currency, method: r.method, dn: 0, dc: 0, wn: 0, wc: 0 }));
    return l;
  };
  for (const r of rowsOf<Row>(ins)) Object.assign(line(r), { dn: Number(r.n), dc: cents(r.amount) });
  for (const r of rowsOf<Row>(outs)) Object.assign(line(r), { wn: Number(r.n), wc: cents(r.amount) });
  const sorted = [...lines.values()].sort(
    (a, b) =>
      currencyOrder(a.currency) - currencyOrder(b.currency) ||
      a.currency.localeCompare(b.currency) ||
      a.method.localeCompare(b.method),
  );
  const money = (n: number, c: number) => ({ count: n, amount: amount(c) });
  const totals = new Map<string, Line>();
  for (const l of sorted) {
    const t = totals.get(l.currency) ?? { currency: l.currency, method: '', dn: 0, dc: 0, wn: 0, wc: 0 };
    totals.set(l.currency, { ...t, dn: t.dn + l.dn, dc: t.dc + l.dc, wn: t.wn + l.wn, wc: t.wc + l.wc });
  }
  return {
    funding: sorted.map((l) => ({
      currency: l.currency,
      method: l.method,
      deposits: money(l.dn, l.dc),
      withdrawals: money(l.wn, l.wc),
      net: amount(l.dc - l.wc),
    })),
    fundingTotals: [...totals.values()].map((t) => ({
      currency: t.currency,
      deposits: money(t.dn, t.dc),
      withdrawals: money(t.wn, t.wc),
      net: amount(t.dc - t.wc),
    })),
  };
}

/**
 * Approvals and rejections per staff member, from the audit trail by time (audit_log_at_idx): the one
 * record every kind of decision leaves, read with the dashboard's own meaning of an action
 * (staff_decision_of, migration 0016).
 */
async function decisions(db: Db, { from, to }: Range) {
  const rows = rowsOf<{ staffId: string; name: string | null; approved: number; rejected: number }>(
    await db.execute(sql`
      select d.actor_id as "staffId", nullif(trim(concat_ws(' ', u.name, u.surname)), '') as name,
             count(*) filter (where d.decision = 'approved')::int as approved,
             count(*) filter (where d.decision = 'rejected')::int as rejected
      from (select actor_id, staff_decision_of(action, after) as decision from audit_log
            where at >= ${from} and at < ${to} and actor_id is not null) d
      left join users u on u.id = d.actor_id
      where d.decision is not null
      group by d.actor_id, u.name, u.surname`),
  );
  return rows
    .map((r) => ({
      staffId: r.staffId,
      name: r.name ?? r.staffId,
      approved: Number(r.approved),
      rejected: Number(r.rejected),
    }))
    .sort((a, b) => b.approved + b.rejected - (a.approved + a.rejected) || a.name.localeCompare(b.name));
}

/** Four-eyes approvals: first approvals given, second approvals that ran the decision, and cancellations. */
async function fourEyes(db: Db, { from, to }: Range) {
  const inPeriod = (column: string) =>
    sql`${sql.identifier(column)} >= ${from} and ${sql.identifier(column)} < ${to}`;
  const [row] = rowsOf<{ first: number; second: number; cancelled: number }>(
    await db.execute(sql`
      select count(*) filter (where ${inPeriod('first_at')})::int as first,
             count(*) filter (where state = 'approved' and ${inPeriod('second_at')})::int as second,
             count(*) filter (where state = 'cancelled' and ${inPeriod('cancelled_at')})::int as cancelled
      from funding_approvals where first_at < ${to}
        and (first_at >= ${from} or second_at >= ${from} or cancelled_at >= ${from})`),
  );
  return {
    firstApprovals: Number(row?.first ?? 0),
    secondApprovals: Number(row?.second ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
  };
}

/** Alerts raised in the period and alerts resolved in it (cleared or confirmed), per rule; open ones now. */
async function alerts(db: Db, { from, to }: Range) {
  const byRule = rowsOf<{ rule: string; opened: number; cleared: number; confirmed: number }>(
    await db.execute(sql`
      select rule,
             count(*) filter (where created_at >= ${from} and created_at < ${to})::int as opened,
             count(*) filter (where status = 'cleared' and resolved_at >= ${from} and resolved_at < ${to})::int as cleared,
             count(*) filter (where status = 'confirmed' and resolved_at >= ${from} and resolved_at < ${to})::int as confirmed
      from alerts
      where (created_at >= ${from} and created_at < ${to}) or (resolved_at >= ${from} and resolved_at < ${to})
      group by rule order by rule`),
  ).map((r) => ({
    rule: r.rule,
    opened: Number(r.opened),
    cleared: Number(r.cleared),
    confirmed: Number(r.confirmed),
  }));
  const [open] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from alerts where status = 'open'`),
  );
  const sum = (k: 'opened' | 'cleared' | 'confirmed') => byRule.reduce((s, r) => s + r[k], 0);
  return {
    opened: sum('opened'),
    cleared: sum('cleared'),
    confirmed: sum('confirmed'),
    openNow: Number(open?.n ?? 0),
    byRule,
  };
}

/**
 * The reconciliation runs that finished in the period and what they found: each run counts in the one
 * period it ended in, whatever days it covered, so consecutive reports never count a mismatch twice.
 */
async function reconciliation(db: Db, { from, to }: Range) {
  const ended = sql`finished_at >= ${from} and finished_at < ${to}`;
  const [runs] = rowsOf<{ runs: number; failed: number; mismatches: number }>(
    await db.execute(sql`
      select count(*)::int as runs, count(*) filter (where status = 'failed')::int as failed,
             coalesce(sum(mismatch_count), 0)::int as mismatches
      from reconciliation_reports where ${ended}`),
  );
  const kinds = rowsOf<{ kind: string; n: number }>(
    await db.execute(sql`
      select m.kind, count(*)::int as n
      from reconciliation_mismatches m
      where m.report_id in (select id from reconciliation_reports where ${ended})
      group by m.kind order by m.kind`),
  );
  return {
    runs: Number(runs?.runs ?? 0),
    failedRuns: Number(runs?.failed ?? 0),
    mismatches: Number(runs?.mismatches ?? 0),
    critical: kinds
      .filter((k) => isCriticalMismatch(k.kind as MismatchKind))
      .reduce((s, k) => s + Number(k.n), 0),
    byKind: kinds.map((k) => ({ kind: k.kind, count: Number(k.n) })),
  };
}
