import { ALERT_SETTINGS, type AlertRule } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { alerts, alertThresholds } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../audit/audit.ts';
import type { StaffContext } from '../../auth/sessions.ts';
import type { TradingPlatform } from '../../integrations/platform/types.ts';
import { tradingSinceDeposits } from '../evidence/trading.ts';
import { latestApprovedDeposits } from '../evidence/reads.ts';
import { refundableSources, type RefundableMethods } from '../evidence/refundable.ts';
import { withdrawalMethodWords } from '../evidence/return-to-source.ts';
import {
  bankChangesWithin,
  declaredOf,
  depositedFrom,
  depositsWithin,
  depositTotalWithin,
  fourEyesThreshold,
  NOT_MONEY,
  otherClientsOf,
  readDeposit,
  readWithdrawal,
  sharedPhoneOf,
  type DepositFacts,
  type WithdrawalFacts,
} from './facts.ts';
import {
  aboveDeclared,
  bankDetailsChanged,
  lowTrading,
  newDestination,
  roundTrip,
  sharedIdentifier,
  splitDeposits,
  tradingUnknown as tradingUnknownAlert,
  type Fired,
} from './rules.ts';

export type RequestType = 'deposit' | 'withdrawal';
export type AlertRow = typeof alerts.$inferSelect;
type Settings = (rule: AlertRule, setting: string, currency?: string) => number;
const DAY = 86_400;

/**
 * Runs the rules of docs/product.md [alerts.rules] on one deposit or withdrawal and raises what fires,
 * once per rule and request ([alerts.once]). Every read is bounded and per client or per identifier
 * (facts.ts); the platform is asked only for a withdrawal's trading, and its silence is "trading unknown".
 */
export class AlertEvaluator {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly platform: TradingPlatform | undefined,
    private readonly refunds: RefundableMethods,
  ) {}

  /** The rules of one request; the alerts newly raised and, for a withdrawal, why trading is unknown. */
  async evaluate(type: RequestType, requestId: string, staff: StaffContext | null) {
    const row =
      type === 'deposit' ? await readDeposit(this.db, requestId) : await readWithdrawal(this.db, requestId);
    // A refused request moved no money: nothing to look at.
    if (!row || NOT_MONEY.includes(row.status)) return { raised: [] as AlertRow[], tradingUnknown: null };
    const settings = await this.settings();
    const common = [this.sharedIdentifier(row, settings), this.sharedPhone(row, settings)];
    let tradingUnknown: string | null = null;
    const own: Promise<Fired | null>[] = [];
    if (type === 'deposit') own.push(this.split(row, settings), this.aboveDeclared(row, settings));
    else {
      const w = row as WithdrawalFacts;
      own.push(
        this.lowTrading(w, settings).then((r) => {
          tradingUnknown = r.unknown;
          return r.fired;
        }),
        this.roundTrip(w, settings),
        this.newDestination(w, settings),
        this.bankDetailsChanged(w, settings),
      );
    }
    const fired = (await Promise.all([...common, ...own])).filter((f): f is Fired => f !== null);
    if (tradingUnknown !== null)
      fired.push(tradingUnknownAlert({ withdrawalId: requestId, reason: tradingUnknown }));
    const raised: AlertRow[] = [];
    for (const f of fired) {
      const alert = await this.raise(row.userId, type, requestId, f, staff);
      if (alert) raised.push(alert);
    }
    return { raised, tradingUnknown: tradingUnknown as string | null };
  }

  private async sharedIdentifier(row: DepositFacts, settings: Settings) {
    if (!row.identifier) return null;
    const others = await otherClientsOf(this.db, row.userId, row.identifier);
    return sharedIdentifier(
      { identifier: row.identifier, others },
      settings('shared-identifier', 'min-clients'),
    );
  }

  private async sharedPhone(row: DepositFacts, settings: Settings) {
    const { digits, others } = await sharedPhoneOf(this.db, row.userId);
    return sharedIdentifier(
      { identifier: digits, others, phone: { userId: row.userId } },
      settings('shared-identifier', 'min-clients'),
    );
  }

  private async split(row: DepositFacts, settings: Settings) {
    const hours = settings('split-deposits', 'window-hours');
    const [within, fourEyes] = await Promise.all([
      depositsWithin(this.db, row.userId, row.currency, row.at - hours * 3600, row.at),
      fourEyesThreshold(this.db, row.currency),
    ]);
    return splitDeposits({ currency: row.currency, deposits: within, fourEyes }, hours);
  }

  private async aboveDeclared(row: DepositFacts, settings: Settings) {
    const windowDays = settings('above-declared', 'window-days');
    const [sum, declared] = await Promise.all([
      depositTotalWithin(this.db, row.userId, row.currency, row.at - windowDays * DAY, row.at),
      declaredOf(this.db, row.userId),
    ]);
    return aboveDeclared(
      { currency: row.currency, total: sum.total, count: sum.count, ...declared },
      { windowDays, minAmount: settings('above-declared', 'min-amount', row.currency) },
    );
  }

  private async roundTrip(row: WithdrawalFacts, settings: Settings) {
    const days = settings('round-trip', 'window-days');
    const recent = await depositsWithin(this.db, row.userId, row.currency, row.at - days * DAY, row.at);
    return roundTrip(
      { currency: row.currency, amount: row.amount, deposits: recent, withdrawalAt: row.at },
      {
        sharePercent: settings('round-trip', 'share-percent'),
        windowDays: days,
        minAmount: settings('round-trip', 'min-amount', row.currency),
      },
    );
  }

  private async newDestination(row: WithdrawalFacts, settings: Settings) {
    const refundable = await this.refunds.refundable(this.db);
    const [{ sources }, known] = await Promise.all([
      refundableSources(this.db, {
        userId: row.userId,
        currency: row.currency,
        withdrawalId: row.id,
        refundable,
      }),
      row.identifier ? depositedFrom(this.db, row.userId, row.identifier) : Promise.resolve(false),
    ]);
    return newDestination(
      {
        currency: row.currency,
        amount: row.amount,
        method: withdrawalMethodWords(row.method, row.label),
        destination: row.identifier,
        depositedFromDestination: known,
        sources: sources.map((s) => ({
          method: s.method,
          identifier: s.identifier,
          leftCents: s.depositedCents - s.returnedCents,
        })),
      },
      settings('new-destination', 'min-refundable', row.currency),
    );
  }

  /**
   * Changes from `window-days` before the withdrawal on, for as long as it is open (the payout would go
   * to the new details), or up to its approval once decided.
   */
  private async bankDetailsChanged(row: WithdrawalFacts, settings: Settings) {
    const days = settings('bank-details-changed', 'window-days');
    const open = row.status === 'pending' || row.status === 'incomplete';
    // No end while open: a change's time is the database's (a trigger's), which need not be this clock's.
    const until = open ? Number.MAX_SAFE_INTEGER : (row.timeApproved ?? row.at);
    const changes = await bankChangesWithin(this.db, row.userId, row.at - days * DAY, until);
    return bankDetailsChanged(
      { currency: row.currency, amount: row.amount, withdrawalAt: row.at, changes },
      days,
    );
  }

  /**
   * The trading on the accounts of the deposits a withdrawal would return, since the earliest of them
   * on each account. When the platform cannot tell, no alert: "trading unknown" is answered instead
   * (docs/product.md [evidence.trading]).
   */
  private async lowTrading(row: WithdrawalFacts, settings: Settings) {
    const minLots = settings('low-trading', 'min-lots');
    const before = await latestApprovedDeposits(this.db, row.userId, {
      currency: row.currency,
      before: row.at,
    });
    if (before.length === 0) return { fired: null, unknown: null };
    const trading = await tradingSinceDeposits(this.platform, before, this.clock.now());
    const unknown = trading.find((d) => !d.trading.known);
    if (unknown && !unknown.trading.known) return { fired: null, unknown: unknown.trading.reason };
    // Per account the earliest deposit's trading covers the later ones': the largest of its deposits.
    const perAccount = new Map<number, { lots: number; trades: number }>();
    for (const d of trading) {
      if (!d.trading.known) continue;
      const seen = perAccount.get(d.accountNumber);
      if (!seen || d.trading.volumeLots > seen.lots)
        perAccount.set(d.accountNumber, { lots: d.trading.volumeLots, trades: d.trading.trades });
    }
    const lots = Math.round([...perAccount.values()].reduce((s, a) => s + a.lots, 0) * 100) / 100;
    const trades = [...perAccount.values()].reduce((s, a) => s + a.trades, 0);
    const fired = lowTrading(
      {
        withdrawalId: row.id,
        currency: row.currency,
        amount: row.amount,
        deposits: before.map((d) => ({ id: d.id, amount: d.amount, at: d.timeApproved ?? d.timestamp })),
        volumeLots: lots,
        trades,
      },
      minLots,
    );
    return { fired, unknown: null };
  }

  /** Inserts the alert unless it was already raised (its dedupe key); audited with it. */
  private async raise(
    userId: string,
    type: RequestType,
    requestId: string,
    f: Fired,
    staff: StaffContext | null,
  ): Promise<AlertRow | null> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(alerts)
        .values({
          id: newId(now),
          userId,
          requestType: type,
          requestId,
          rule: f.rule,
          dedupeKey: f.dedupeKey ?? `${f.rule}:${type}:${requestId}`,
          facts: { summary: f.summary, ...f.facts },
          createdAt: now,
        })
        .onConflictDoNothing({ target: alerts.dedupeKey })
        .returning();
      if (!row) return null;
      await audit(tx, now, {
        actorId: staff?.userId ?? null,
        action: 'alert.raised',
        entity: 'alert',
        entityId: row.id,
        after: row,
      });
      return row;
    });
  }

  /** The settings as stored; a setting missing from the table (removed by hand) reads as its minimum. */
  private async settings(): Promise<Settings> {
    const rows = await this.db.select().from(alertThresholds);
    return (rule, setting, currency = '') => {
      const r = rows.find((x) => x.rule === rule && x.setting === setting && x.currency === currency);
      return r?.value ?? ALERT_SETTINGS.find((x) => x.rule === rule && x.setting === setting)?.min ?? 0;
    };
  }
}
