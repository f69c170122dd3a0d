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
import { audit } from '../../audit/audit.ts';
import type { StaffContext } from '../../auth/sessions.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import type { TradingPlatform } from '../../integrations/platform/types.ts';
import { RefundableMethods } from '../evidence/refundable.ts';
import { clientsConcernedByBank, latestRequests, openRequestsOf } from './facts.ts';
import { AlertEvaluator, type AlertRow, type RequestType } from './evaluate.ts';
import { AlertQueue, type QueuedItem } from './queue.ts';

/** How many of a client's latest deposits and of their withdrawals an evaluation on demand looks at. */
const EVALUATE_LATEST = 20;

/** What AlertsService is built from (composition.ts). */
export type AlertsServiceDeps = {
  db: Db;
  clock: Clock;
  platform: TradingPlatform | undefined;
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

/**
 * Alerts (docs/product.md [alerts]): the rules run on what the triggers queued (a request created or
 * changed status, payment details changed: [alerts.when]) and on demand for a client; staff assign and
 * resolve them; a SYSOP sets the thresholds. Every change is audited in its own transaction.
 */
export class AlertsService {
  private readonly evaluator: AlertEvaluator;
  /** What the triggers queued for the rules (queue.ts); the server starts its timer. */
  readonly queue: AlertQueue;

  constructor(private readonly deps: AlertsServiceDeps) {
    this.evaluator = new AlertEvaluator(
      deps.db,
      deps.clock,
      deps.platform,
      new RefundableMethods(deps.db, deps.clock),
    );
    this.queue = new AlertQueue(deps.db, deps.clock, (item) => this.evaluateQueued(item), deps.log);
  }

  /**
   * After this server committed a change (a decision, the payment provider's answer): the triggers
   * queued what it touched; the queue is drained now, after the commit and without the caller waiting
   * (docs/product.md [alerts.when]). Never throws.
   */
  afterChange(): void {
    this.queue.kick();
  }

  /** Resolves once everything queued so far has been evaluated. */
  settled(): Promise<void> {
    return this.queue.settled();
  }

  /** Runs the rules over a client's latest deposits and withdrawals now. */
  async evaluateClient(userId: string, staff: StaffContext): Promise<EvaluateAlertsResponse> {
    const [client] = await this.deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!client) throw new NotFound(ALERT_MESSAGES.clientNotFound);
    const latest = await latestRequests(this.deps.db, userId, EVALUATE_LATEST);
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
      message:
        wire.length === 0
          ? 'No new alert.'
          : wire.length === 1
            ? '1 new alert raised.'
            : `${wire.length} new alerts raised.`,
      raised: wire,
      tradingUnknown,
    };
  }

  /** The rules of one request; the alerts newly raised and, for a withdrawal, why trading is unknown. */
  evaluateRequest(type: RequestType, requestId: string, staff: StaffContext | null) {
    return this.evaluator.evaluate(type, requestId, staff);
  }

  /**
   * One row of the queue (docs/product.md [alerts.when]): a request created or changed status; a bank
   * account added or changed, or a phone changed, which puts the open requests of every client
   * concerned through the rules again.
   */
  private async evaluateQueued(item: QueuedItem): Promise<void> {
    if (item.kind === 'deposit' || item.kind === 'withdrawal') {
      await this.evaluateRequest(item.kind, item.subjectId, null);
      return;
    }
    const clients =
      item.kind === 'bank-account'
        ? await clientsConcernedByBank(this.deps.db, item.subjectId)
        : [item.subjectId];
    for (const userId of clients) {
      const open = await openRequestsOf(this.deps.db, userId, EVALUATE_LATEST);
      for (const id of open.deposits) await this.evaluateRequest('deposit', id, null);
      for (const id of open.withdrawals) await this.evaluateRequest('withdrawal', id, null);
    }
  }

  async list(q: { status: string; page: number; pageSize: number }): Promise<ListAlertsResponse> {
    const where = eq(alerts.status, q.status);
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select()
        .from(alerts)
        .where(where)
        .orderBy(desc(alerts.createdAt), desc(alerts.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      this.deps.db.select({ n: count() }).from(alerts).where(where),
    ]);
    return { alerts: await this.toWire(rows), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  /** Assigns an open alert to `staff`, taking it over from whoever had it (audited with who had it). */
  async assign(id: string, staff: StaffContext): Promise<AlertReply> {
    const now = this.deps.clock.now();
    const after = await this.deps.db.transaction(async (tx) => {
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
        // The client's id: the alert's steps show on the client's timeline.
        after: { assignedTo: staff.userId, userId: before.userId },
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
    const now = this.deps.clock.now();
    const after = await this.deps.db.transaction(async (tx) => {
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
        after: { status: input.outcome, note, rule: before.rule, userId: before.userId },
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

  async thresholds(db: DbOrTx = this.deps.db): Promise<AlertThreshold[]> {
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
    const now = this.deps.clock.now();
    const key = and(
      eq(alertThresholds.rule, input.rule),
      eq(alertThresholds.setting, input.setting),
      eq(alertThresholds.currency, input.currency),
    );
    const thresholds = await this.deps.db.transaction(async (tx) => {
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

  private async toWire(rows: AlertRow[]): Promise<Alert[]> {
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.flatMap((r) => [r.userId, ...(r.assignedTo ? [r.assignedTo] : [])]))];
    const people = await this.deps.db
      .select({ id: users.id, name: users.name, surname: users.surname })
      .from(users)
      .where(inArray(users.id, ids));
    const nameOf = (id: string) => {
      const p = people.find((x) => x.id === id);
      return p ? `${p.name} ${p.surname}`.trim() : '';
    };
    const now = this.deps.clock.now();
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
