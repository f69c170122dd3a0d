import { inArray } from 'drizzle-orm';
import type { FundingRequestType } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { deposits, transfers, withdrawals } from '../../db/schema.ts';
import { succeededBalanceKeys } from '../../operations/index.ts';
import type { Deal } from '../../integrations/platform/types.ts';
import {
  depositLegs,
  fundingKey,
  matchAccount,
  transferLegs,
  withdrawalLegs,
  type Leg,
  type MismatchRow,
} from './legs.ts';
import type { Duplicate } from './alerts.ts';

/** The period a run covers, epoch seconds, both ends included. */
export type Period = { from: number; to: number };
/** What one account's check found. */
export type AccountFindings = { mismatches: MismatchRow[]; duplicates: Duplicate[] };

/**
 * What names one movement on the platform: a funding request's leg (`dep:<id>`, its retries
 * `dep:<id>:2` included, which must not both land), or else the deal's whole comment.
 */
export const movementKey = (comment: string) => {
  const key = fundingKey(comment);
  return key ? `${key.prefix}:${key.requestId}` : comment;
};
const byTime = (a: Deal, b: Deal) => a.time - b.time || a.deal.localeCompare(b.deal);
/** One account's deals grouped by the movement they name, each group in time order. */
function movements(deals: Deal[]): Map<string, Deal[]> {
  const groups = new Map<string, Deal[]>();
  for (const d of [...deals].sort(byTime)) {
    const key = movementKey(d.comment);
    const group = groups.get(key);
    if (group) group.push(d);
    else groups.set(key, [d]);
  }
  return groups;
}

type FundingTable = typeof deposits | typeof withdrawals | typeof transfers;
type Known = { status: string; mtStatus: string; userId: string; currency: string; legs: Leg[] };

/**
 * Compares one account's legs of the period with its deals on the platform, whatever way the deals
 * were read (by group or by login): the rules of legs.ts, plus what only the database can tell about
 * the deals left over (which request a key names, whether the console made a balance operation).
 */
export class AccountMatcher {
  constructor(private readonly db: Db) {}

  /** `unknownToPlatform`: the platform answered that it has no such login. */
  async check(
    login: number,
    legs: Leg[],
    deals: Deal[],
    period: Period,
    unknownToPlatform = false,
  ): Promise<AccountFindings> {
    const groups = movements(deals);
    const matched = matchAccount(legs, deals);
    if (unknownToPlatform)
      for (const m of matched.mismatches) m.note = 'The platform does not know this account.';
    const strays = [
      ...(await this.fundingStrays(login, matched.funding, period, groups)),
      ...(await this.otherStrays(login, matched.other, period, groups)),
    ];
    const duplicates = new Map<string, Duplicate>();
    for (const m of strays) {
      if (m.kind !== 'duplicate_deal' && m.kind !== 'unapproved_deal') continue;
      const key = movementKey(m.comment);
      duplicates.set(key, {
        kind: m.kind,
        login,
        comment: key,
        dealIds: (groups.get(key) ?? []).map((d) => d.deal),
        requestType: m.requestType,
        requestId: m.requestId,
      });
    }
    return { mismatches: [...matched.mismatches, ...strays], duplicates: [...duplicates.values()] };
  }

  /**
   * Deals naming a funding request that no leg of this run took. A request of another period is that
   * period's business; a second deal for a request of this period moved money twice (critical); a deal
   * for a request the console does not count as done (pending, rejected, failed, unknown) moved money
   * it does not account for (critical too). The last kind is reported in the period of the deal's
   * time, so it is reported once.
   */
  private async fundingStrays(
    login: number,
    strays: Deal[],
    period: Period,
    groups: Map<string, Deal[]>,
  ): Promise<MismatchRow[]> {
    if (strays.length === 0) return [];
    const keys = strays.map((d) => ({ deal: d, key: fundingKey(d.comment)! }));
    const requests = await this.requestsById(keys.map((k) => k.key));
    const inPeriod = (t: number) => t >= period.from && t <= period.to;
    const out: MismatchRow[] = [];
    for (const { deal, key } of keys) {
      const request = requests.get(`${key.requestType}:${key.requestId}`);
      const leg = request?.legs.find((l) => l.prefix === key.prefix && l.login === login);
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
        // Money moved for a request the console does not count as done: critical, whatever the cause
        // (a database restored from a backup taken before the approval, a deal made by hand).
        const why = !request
          ? 'The console has no such request (was the database restored from an older backup?).'
          : `The console does not count this request as done on the platform (status ${request.status}${request.mtStatus ? `, MTStatus ${request.mtStatus}` : ''}).`;
        out.push(
          times > 1
            ? { ...base, kind: 'duplicate_deal', note: `${times} deals carry this operation key. ${why}` }
            : { ...base, kind: 'unapproved_deal', note: why },
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
    period: Period,
    groups: Map<string, Deal[]>,
  ): Promise<MismatchRow[]> {
    const inPeriod = strays.filter((d) => d.time >= period.from && d.time <= period.to);
    if (inPeriod.length === 0) return [];
    const ours = await succeededBalanceKeys(
      this.db,
      inPeriod.map((d) => d.comment),
    );
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

  /** Requests named by deal comments, with their legs whatever their period. */
  private async requestsById(keys: { requestType: FundingRequestType; requestId: string }[]) {
    const ids = (type: FundingRequestType) => [
      ...new Set(keys.filter((k) => k.requestType === type).map((k) => k.requestId)),
    ];
    const known = new Map<string, Known>();
    // Each kind of request: one query for the ids the comments name, and what is known of a row.
    const read = async <T extends FundingTable>(
      type: FundingRequestType,
      t: T,
      toKnown: (row: T['$inferSelect']) => Known,
    ) => {
      const list = ids(type);
      if (list.length === 0) return;
      const table: FundingTable = t;
      const rows: T['$inferSelect'][] = await this.db.select().from(table).where(inArray(table.id, list));
      for (const r of rows) known.set(`${type}:${r.id}`, toKnown(r));
    };
    await read('deposit', deposits, (d) => ({
      status: d.status,
      mtStatus: d.mtStatus,
      userId: d.userId,
      currency: d.depositCurrency,
      legs: depositLegs(d),
    }));
    await read('withdrawal', withdrawals, (w) => ({
      status: w.status,
      mtStatus: w.mtStatus,
      userId: w.userId,
      currency: w.withdrawalCurrency,
      legs: withdrawalLegs(w),
    }));
    await read('transfer', transfers, (t) => ({
      status: t.status,
      mtStatus: [t.sourceMtStatus, t.destinationMtStatus].filter(Boolean).join(' / '),
      userId: t.userId,
      currency: t.transferCurrency,
      legs: transferLegs(t),
    }));
    return known;
  }
}
