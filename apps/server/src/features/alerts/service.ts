import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ALERT_MESSAGES,
  ALERT_SETTINGS,
  type Alert,
  type AlertReply,
  type AlertRule,
  type AlertThreshold,
  type EvaluateAlertsResponse,
  type ListAlertsResponse,
  type ResolveAlertRequest,
  type SetAlertThresholdRequest,
} from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { alerts, alertThresholds, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../audit/audit.ts';
import type { StaffContext } from '../../auth/sessions.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import type { TradingPlatform } from '../../integrations/platform/types.ts';
import { tradingSinceDeposits } from '../evidence/trading.ts';
import {
  depositsBefore,
  depositsWithin,
  fourEyesThreshold,
  latestRequests,
  otherClientsOf,
  readDeposit,
  readWithdrawal,
  type DepositFacts,
} from './facts.ts';
import { lowTrading, roundTrip, sharedIdentifier, splitDeposits, type Fired } from './rules.ts';

type RequestType = 'deposit' | 'withdrawal';
type AlertRow = typeof alerts.$inferSelect;
/** How many of a client's latest deposits and of their withdrawals an evaluation on demand looks at. */
const EVALUATE_LATEST = 20;

/**
 * Alerts (docs/product.md [alerts]): the rules run after a deposit or withdrawal decision (the decision
 * engine's afterDecision hook) and on demand for a client; staff assign and resolve them; a SYSOP sets
 * the thresholds. Every change is audited in its own transaction.
 */
export class AlertsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly platform: TradingPlatform | undefined,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /**
   * After a decision has committed: runs the rules on the request. Never throws, so a decision is never
   * refused or answered as an error because of its alerts (docs/product.md [alerts.after-decision]).
   */
  async afterDecision(type: RequestType, requestId: string): Promise<void> {
    try {
      await this.evaluateRequest(type, requestId, null);
    } catch (err) {
      this.log?.warn({ err, type, requestId }, 'alert evaluation after a decision failed');
    }
  }

  /** Runs the rules over a client's latest deposits and withdrawals now. */
  async evaluateClient(userId: string, staff: StaffContext): Promise<EvaluateAlertsResponse> {
    const [client] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!client) throw new NotFound(ALERT_MESSAGES.clientNotFound);
    const latest = await latestRequests(this.db, userId, EVALUATE_LATEST);
    const raised: AlertRow[] = [];
    const tradingUnknown: EvaluateAlertsResponse['tradingUnknown'] = [];
    for (const id of latest.deposits)
      raised.push(...(await this.evaluateRequest('deposit', id, staff)).raised);
    for (const id of latest.withdrawals) {
      const r = await this.evaluateRequest('withdrawal', id, staff);
      raised.push(...r.raised);
      if (r.tradingUnknown) tradingUnknown.push({ requestId: id, reason: r.tradingUnknown });
    }
    const wire = await this.toWire(raised);
    return {
      success: true,
      message: wire.length === 0 ? 'No new alert.' : `${wire.length} new alert(s) raised.`,
      raised: wire,
      tradingUnknown,
    };
  }

  /** The rules of one request; the alerts newly raised and, for a withdrawal, why trading is unknown. */
  async evaluateRequest(type: RequestType, requestId: string, staff: StaffContext | null) {
    const settings = await this.settings();
    const fired: Fired[] = [];
    let tradingUnknown: string | null = null;
    const row =
      type === 'deposit' ? await readDeposit(this.db, requestId) : await readWithdrawal(this.db, requestId);
    if (!row) return { raised: [], tradingUnknown };
    // A refused request moved no money: nothing to look at.
    if (['rejected', 'declined', 'cancelled'].includes(row.status)) return { raised: [], tradingUnknown };

    const shared = await this.shared(row, settings('shared-identifier', 'min-clients'));
    if (shared) fired.push(shared);
    if (type === 'deposit') {
      const hours = settings('split-deposits', 'window-hours');
      const [within, fourEyes] = await Promise.all([
        depositsWithin(this.db, row.userId, row.currency, row.at - hours * 3600, row.at),
        fourEyesThreshold(this.db, row.currency),
      ]);
      const split = splitDeposits({ currency: row.currency, deposits: within, fourEyes }, hours);
      if (split) fired.push(split);
    } else {
      const low = await this.lowTrading(row, settings('low-trading', 'min-lots'));
      if (low.unknown) tradingUnknown = low.unknown;
      if (low.fired) fired.push(low.fired);
      const days = settings('round-trip', 'window-days');
      const recent = await depositsWithin(this.db, row.userId, row.currency, row.at - days * 86_400, row.at);
      const trip = roundTrip(
        { currency: row.currency, amount: row.amount, deposits: recent, withdrawalAt: row.at },
        {
          sharePercent: settings('round-trip', 'share-percent'),
          windowDays: days,
          minAmount: settings('round-trip', 'min-amount', row.currency),
        },
      );
      if (trip) fired.push(trip);
    }
    const raised: AlertRow[] = [];
    for (const f of fired) {
      const alert = await this.raise(row.userId, type, requestId, f, staff);
      if (alert) raised.push(alert);
    }
    return { raised, tradingUnknown };
  }

  private async shared(row: DepositFacts, minClients: number): Promise<Fired | null> {
    if (!row.identifier) return null;
    const others = await otherClientsOf(this.db, row.userId, row.identifier);
    return sharedIdentifier({ identifier: row.identifier, others }, minClients);
  }

  /**
   * The trading on the accounts of the deposits a withdrawal would return, since the earliest of them
   * on each account. When the platform cannot tell, no alert: "trading unknown" is answered instead
   * (docs/product.md [evidence.trading]).
   */
  private async lowTrading(row: DepositFacts, minLots: number) {
    const before = await depositsBefore(this.db, row.userId, row.currency, row.at);
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

  /** Inserts the alert unless this rule already raised one for this request; audited with it. */
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
          dedupeKey: `${f.rule}:${type}:${requestId}`,
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

  async list(q: { status: string; page: number; pageSize: number }): Promise<ListAlertsResponse> {
    const where = eq(alerts.status, q.status);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(alerts)
        .where(where)
        .orderBy(desc(alerts.createdAt), desc(alerts.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      this.db.select({ n: count() }).from(alerts).where(where),
    ]);
    return { alerts: await this.toWire(rows), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  /** Assigns an open alert to `staff`, taking it over from whoever had it (audited with who had it). */
  async assign(id: string, staff: StaffContext): Promise<AlertReply> {
    const now = this.clock.now();
    const after = await this.db.transaction(async (tx) => {
      const before = await this.lockOpen(tx, id);
      const [row] = await tx
        .update(alerts)
        .set({ assignedTo: staff.userId, assignedAt: now })
        .where(eq(alerts.id, id))
        .returning();
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'alert.assigned',
        entity: 'alert',
        entityId: id,
        before: { assignedTo: before.assignedTo },
        after: { assignedTo: staff.userId },
      });
      return row!;
    });
    return { success: true, message: ALERT_MESSAGES.assigned, alert: (await this.toWire([after]))[0]! };
  }

  /**
   * Resolves an open alert. A note is required; an alert assigned to someone else is theirs to resolve
   * until the caller takes it over (assign), so two people never decide one alert differently.
   */
  async resolve(id: string, input: ResolveAlertRequest, staff: StaffContext): Promise<AlertReply> {
    const note = input.note.trim();
    if (!note) throw new Invalid({ note: ALERT_MESSAGES.noteRequired });
    const now = this.clock.now();
    const after = await this.db.transaction(async (tx) => {
      const before = await this.lockOpen(tx, id);
      if (before.assignedTo && before.assignedTo !== staff.userId) {
        const [who] = await tx
          .select({ name: users.name, surname: users.surname })
          .from(users)
          .where(eq(users.id, before.assignedTo));
        throw new Conflict(
          ALERT_MESSAGES.assignedToOther(who ? `${who.name} ${who.surname}`.trim() : 'another staff member'),
        );
      }
      const [row] = await tx
        .update(alerts)
        .set({
          status: input.outcome,
          note,
          resolvedBy: staff.userId,
          resolvedAt: now,
          assignedTo: staff.userId,
          assignedAt: before.assignedAt ?? now,
        })
        .where(eq(alerts.id, id))
        .returning();
      await audit(tx, now, {
        actorId: staff.userId,
        action: `alert.${input.outcome}`,
        entity: 'alert',
        entityId: id,
        before: { status: before.status, assignedTo: before.assignedTo },
        after: { status: input.outcome, note },
      });
      return row!;
    });
    return {
      success: true,
      message: input.outcome === 'cleared' ? ALERT_MESSAGES.cleared : ALERT_MESSAGES.confirmed,
      alert: (await this.toWire([after]))[0]!,
    };
  }

  private async lockOpen(tx: DbOrTx, id: string): Promise<AlertRow> {
    const [row] = await tx.select().from(alerts).where(eq(alerts.id, id)).for('update');
    if (!row) throw new NotFound(ALERT_MESSAGES.notFound);
    if (row.status !== 'open') throw new Conflict(ALERT_MESSAGES.alreadyResolved(row.status));
    return row;
  }

  async thresholds(db: DbOrTx = this.db): Promise<AlertThreshold[]> {
    const rows = await db
      .select()
      .from(alertThresholds)
      .orderBy(asc(alertThresholds.rule), asc(alertThresholds.setting), asc(alertThresholds.currency));
    return rows.flatMap((r) => {
      const s = ALERT_SETTINGS.find((x) => x.rule === r.rule && x.setting === r.setting);
      if (!s) return [];
      return [
        {
          rule: r.rule as AlertRule,
          setting: r.setting,
          currency: r.currency as AlertThreshold['currency'],
          value: r.value,
          min: s.min,
          max: s.max,
          label: s.label,
          updatedBy: r.updatedBy,
          updatedAt: r.updatedAt,
        },
      ];
    });
  }

  /** A SYSOP's change of one setting, refused outside its range; audited with the value before. */
  async setThreshold(input: SetAlertThresholdRequest, staff: StaffContext) {
    const s = ALERT_SETTINGS.find((x) => x.rule === input.rule && x.setting === input.setting);
    if (!s || s.money !== (input.currency !== ''))
      throw new Invalid({ setting: ALERT_MESSAGES.unknownSetting });
    if (input.value < s.min || input.value > s.max)
      throw new Invalid({ value: ALERT_MESSAGES.outOfRange(s.min, s.max) });
    const now = this.clock.now();
    const key = and(
      eq(alertThresholds.rule, input.rule),
      eq(alertThresholds.setting, input.setting),
      eq(alertThresholds.currency, input.currency),
    );
    const thresholds = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(alertThresholds).where(key).for('update');
      const values = { value: input.value, updatedBy: staff.userId, updatedAt: now };
      const [after] = await tx
        .insert(alertThresholds)
        .values({ rule: input.rule, setting: input.setting, currency: input.currency, ...values })
        .onConflictDoUpdate({
          target: [alertThresholds.rule, alertThresholds.setting, alertThresholds.currency],
          set: values,
        })
        .returning();
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'alert-threshold.set',
        entity: 'alert_threshold',
        entityId: `${input.rule}:${input.setting}:${input.currency}`,
        before: before ?? null,
        after,
      });
      return this.thresholds(tx);
    });
    return { success: true, message: ALERT_MESSAGES.thresholdSaved, thresholds };
  }

  /** The settings as stored; a setting missing from the table (removed by hand) reads as its minimum. */
  private async settings() {
    const rows = await this.db.select().from(alertThresholds);
    return (rule: AlertRule, setting: string, currency = '') => {
      const r = rows.find((x) => x.rule === rule && x.setting === setting && x.currency === currency);
      return r?.value ?? ALERT_SETTINGS.find((x) => x.rule === rule && x.setting === setting)?.min ?? 0;
    };
  }

  private async toWire(rows: AlertRow[]): Promise<Alert[]> {
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.flatMap((r) => [r.userId, ...(r.assignedTo ? [r.assignedTo] : [])]))];
    const people = await this.db
      .select({ id: users.id, name: users.name, surname: users.surname })
      .from(users)
      .where(inArray(users.id, ids));
    const nameOf = (id: string) => {
      const p = people.find((x) => x.id === id);
      return p ? `${p.name} ${p.surname}`.trim() : '';
    };
    const now = this.clock.now();
    return rows.map((r) => {
      const { summary, ...facts } = r.facts as Record<string, unknown>;
      return {
        id: r.id,
        userId: r.userId,
        clientName: nameOf(r.userId),
        requestType: r.requestType as Alert['requestType'],
        requestId: r.requestId,
        rule: r.rule as AlertRule,
        summary: typeof summary === 'string' ? summary : '',
        facts,
        status: r.status as Alert['status'],
        assignedTo: r.assignedTo,
        assignedToName: r.assignedTo ? nameOf(r.assignedTo) : null,
        note: r.note,
        resolvedBy: r.resolvedBy,
        resolvedAt: r.resolvedAt,
        createdAt: r.createdAt,
        ageSeconds: Math.max(0, now - r.createdAt),
      };
    });
  }
}
