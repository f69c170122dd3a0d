import { eq } from 'drizzle-orm';
import { isCriticalMismatch } from '@brokerdesk/contract';
import type { Db, Tx } from '../../db/client.ts';
import {
  reconciliationBatches as batchesTable,
  reconciliationMismatches as mismatchesTable,
  reconciliationReports as reports,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { PlatformError, type Deal, type TradingPlatform } from '../../integrations/platform/types.ts';
import type { Duplicate } from './alerts.ts';
import type { Leg, MismatchRow } from './legs.ts';
import { keysOfRequest } from '../../operations/index.ts';
import { AccountMatcher, type AccountFindings, type Period } from './matching.ts';
import { dealWindow, groupMembers, slices, type Batch, type RunPlan, type Scope } from './plan.ts';

const INSERT_CHUNK = 500;

type BatchResult = { accounts: number; deals: number; mismatches: MismatchRow[]; duplicates: Duplicate[] };
/** What every batch of one run shares. */
type Run = {
  scope: Scope;
  /** The deal window, fixed when this process took the run up. */
  window: Period;
  plan: RunPlan;
  /** Writes the report's heartbeat when a minute has passed. */
  beat: () => Promise<void>;
  signal?: AbortSignal;
};

/**
 * Runs a plan's batches that the report has not finished, one at a time, and keeps each as it ends:
 * memory holds one batch's deals, and a run stopped between batches (or in one) resumes after the
 * last one kept. A group's deals come from one call per day of the window; an account whose legs
 * find no deal there is asked about by its login before a deal is reported missing, since the
 * platform may have it in another group than the console does (a group change under way), and only
 * that call can tell that the platform does not know the login.
 */
export class BatchRunner {
  private readonly matcher: AccountMatcher;

  constructor(
    private readonly db: Db,
    private readonly platform: TradingPlatform,
    private readonly clock: Clock,
  ) {
    this.matcher = new AccountMatcher(db);
  }

  /** Answers false when the report stopped running meanwhile (marked failed by another server). */
  async run(reportId: string, scope: Scope, plan: RunPlan, beat: Run['beat'], signal?: AbortSignal) {
    const finished = await this.db
      .select({ batch: batchesTable.batch })
      .from(batchesTable)
      .where(eq(batchesTable.reportId, reportId));
    const done = new Set(finished.map((b) => b.batch));
    const run: Run = { scope, window: dealWindow(scope, this.clock.now()), plan, beat, signal };
    for (const batch of plan.batches) {
      if (done.has(batch.key)) continue;
      // Checked between batches (and between the calls of one): a stopping server ends the run soon.
      signal?.throwIfAborted();
      await beat();
      const result =
        batch.kind === 'group' ? await this.readGroup(batch, run) : await this.readLogins(batch.logins, run);
      if (!(await this.keep(reportId, batch.key, result))) return false;
    }
    return true;
  }

  private async readGroup(batch: Extract<Batch, { kind: 'group' }>, run: Run): Promise<BatchResult> {
    const { scope, window, plan, beat, signal } = run;
    const byLogin = new Map<number, Deal[]>();
    for (const slice of slices(window)) {
      signal?.throwIfAborted();
      await beat();
      for (const d of await this.platform.groupBalanceDeals(batch.group, slice.from, slice.to)) {
        const mine = byLogin.get(d.login);
        if (mine) mine.push(d);
        else byLogin.set(d.login, [d]);
      }
    }
    // Deals of accounts the console does not count as live in this group are not this batch's.
    const { members, count } = await groupMembers(this.db, this.platform.name, batch.group, [
      ...byLogin.keys(),
    ]);
    const logins = [...new Set([...members, ...batch.legLogins])].sort((a, b) => a - b);
    const result = empty(count + batch.legOnlyAccounts);
    for (const login of logins) {
      const legs = plan.legsByLogin.get(login) ?? [];
      let deals = byLogin.get(login) ?? [];
      let found = await this.matcher.check(login, legs, deals, scope);
      if (found.mismatches.some((m) => m.kind === 'missing_deal')) {
        await beat();
        const own = await this.dealsOf(login, window);
        ({ deals, found } = await this.checkOwn(login, legs, own, scope));
      }
      add(result, deals.length, found);
    }
    return result;
  }

  private async readLogins(logins: number[], run: Run): Promise<BatchResult> {
    const { scope, window, plan, beat, signal } = run;
    const result = empty(logins.length);
    for (const login of logins) {
      signal?.throwIfAborted();
      await beat();
      const legs = plan.legsByLogin.get(login) ?? [];
      const { deals, found } = await this.checkOwn(login, legs, await this.dealsOf(login, window), scope);
      add(result, deals.length, found);
    }
    return result;
  }

  /** One account checked against the deals read by its login, and any earlier deal of a missing leg. */
  private async checkOwn(login: number, legs: Leg[], own: { deals: Deal[]; unknown: boolean }, scope: Scope) {
    let deals = own.deals;
    let found = await this.matcher.check(login, legs, deals, scope, own.unknown);
    const earlier = await this.earlierDeals(login, legs, found, own.unknown);
    if (earlier.length > 0) {
      deals = [...deals, ...earlier];
      found = await this.matcher.check(login, legs, deals, scope, own.unknown);
    }
    return { deals, found };
  }

  /**
   * The deals of legs still missing one, each looked up by every key its request can have had from
   * the request's creation: a request approved again after a restore from backup settled with the deal
   * it had before, older than the window. One bounded read per missing leg; missing deals are rare.
   */
  private async earlierDeals(login: number, legs: Leg[], found: AccountFindings, unknown: boolean) {
    if (unknown) return [];
    const deals: Deal[] = [];
    for (const m of found.mismatches) {
      if (m.kind !== 'missing_deal') continue;
      const leg = legs.find((l) => l.requestId === m.requestId && l.leg === m.leg);
      if (!leg) continue;
      const deal = await this.platform.findDeal(
        login,
        keysOfRequest(`${leg.prefix}:${leg.requestId}`),
        leg.createdAt,
      );
      if (deal) deals.push(deal);
    }
    return deals;
  }

  private async dealsOf(login: number, window: Period) {
    try {
      return { deals: await this.platform.balanceDeals(login, window.from, window.to), unknown: false };
    } catch (err) {
      if (err instanceof PlatformError && err.refusal === 'accountNotFound')
        return { deals: [] as Deal[], unknown: true };
      throw err;
    }
  }

  /**
   * Keeps a finished batch and its mismatches in one transaction, while the report still runs. A batch
   * kept already (two servers on one resumed report) is not kept again, so nothing counts twice.
   */
  private async keep(reportId: string, batch: string, r: BatchResult): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [report] = await tx
        .select({ status: reports.status })
        .from(reports)
        .where(eq(reports.id, reportId))
        .for('update');
      if (report?.status !== 'running') return false;
      const [claimed] = await tx
        .insert(batchesTable)
        .values({
          reportId,
          batch,
          accountsChecked: r.accounts,
          dealsChecked: r.deals,
          mismatchCount: r.mismatches.length,
          duplicates: r.duplicates,
          finishedAt: this.clock.now(),
        })
        .onConflictDoNothing()
        .returning({ batch: batchesTable.batch });
      if (!claimed) return true;
      for (let i = 0; i < r.mismatches.length; i += INSERT_CHUNK) {
        await tx
          .insert(mismatchesTable)
          .values(
            r.mismatches
              .slice(i, i + INSERT_CHUNK)
              .map((m) => ({ ...m, reportId, critical: isCriticalMismatch(m.kind) })),
          );
      }
      return true;
    });
  }
}

const empty = (accounts: number): BatchResult => ({ accounts, deals: 0, mismatches: [], duplicates: [] });

function add(result: BatchResult, deals: number, found: AccountFindings) {
  result.deals += deals;
  result.mismatches.push(...found.mismatches);
  result.duplicates.push(...found.duplicates);
}

/** A finished run's totals: the sums over its kept batches, and every duplicate they found. */
export async function runTotals(db: Db | Tx, reportId: string) {
  const rows = await db.select().from(batchesTable).where(eq(batchesTable.reportId, reportId));
  const sum = (f: (b: (typeof rows)[number]) => number) => rows.reduce((n, b) => n + f(b), 0);
  return {
    accountsChecked: sum((b) => b.accountsChecked),
    dealsChecked: sum((b) => b.dealsChecked),
    mismatchCount: sum((b) => b.mismatchCount),
    // Batches kept before alerts had a kind (migration 0021) held duplicates only.
    duplicates: rows
      .flatMap((b) => b.duplicates)
      .map((d): Duplicate => ({
        ...d,
        requestType: d.requestType as Duplicate['requestType'],
        kind: d.kind === 'unapproved_deal' ? 'unapproved_deal' : 'duplicate_deal',
      })),
  };
}
