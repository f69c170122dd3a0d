import { eq } from 'drizzle-orm';
import { isOpenRequest, missingReason, reasonedDecisionOf } from '@brokerdesk/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../audit/audit.ts';
import { staffName } from '../../auth/sessions.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { writeClientLog } from '../clients/client-log.ts';
import {
  checkApprovalAlerts,
  settleApprovalAlerts,
  type AlertChoice,
  type FlaggedRequest,
} from '../alerts/gate.ts';
import type { KindDeps } from './deps.ts';
import type { AnyRequestKind, Decided, DecisionInput, DecisionStaff, RequestKind } from './kind.ts';

/** Options of one decision: `openOnly`, a list's bulk row, which must still be what the list showed. */
type DecideOptions = { openOnly?: boolean };

/**
 * Runs a decision of any request kind: the comment rule, the kind's own checks, the row locked for
 * the transaction (so two staff members deciding at once are serialised and the second sees the
 * first's outcome), the request's alerts for an approval, the kind's decision, its client log line and
 * audit row (the audit row last: audit/audit.ts holds the chain until commit), then after the commit
 * the worker's wake-up, the after-decision hook and the client's notice, which never undo a decision.
 *
 * Alerts (docs/product.md [alerts.on-approval]), the same for every kind: approving an open request
 * with open alerts needs the input's `alertNote`, which resolves them as cleared; one with an alert
 * confirmed as suspicious only a SYSOP approves, with `alertOverride` and the note. A list's bulk row
 * and a row's own Approve button carry no note, so a flagged request is refused there and says why.
 */
export class DecisionEngine {
  constructor(readonly deps: KindDeps) {}

  async decide<Row, In extends DecisionInput, Reply>(
    kind: RequestKind<Row, In, Reply>,
    input: In,
    staff: DecisionStaff,
    opts: DecideOptions = {},
  ): Promise<Reply> {
    const decision = reasonedDecisionOf(input.status);
    const refusal = decision && missingReason(kind.wire, decision, input.comment);
    if (refusal) throw new Invalid({ comment: refusal });
    kind.check?.(input);
    await kind.beforeDecision?.(input, this.deps, staff);
    const now = this.deps.clock.now();
    const decided = await this.deps.db.transaction(async (tx) => {
      const before = await this.lock(tx, kind, input);
      if (opts.openOnly) this.assertOpen(kind, before);
      const flagged = decision === 'approve' ? flaggedRequest(kind, before) : null;
      const alerts = flagged && (await checkApprovalAlerts(tx, flagged, input as AlertChoice, staff));
      const result = await kind.decide({ tx, before, input, staff, now, deps: this.deps });
      await record(tx, kind, before, result, staff, now);
      if (flagged && alerts) await settleApprovalAlerts(tx, alerts, flagged, staff, now);
      return result;
    });
    await this.afterCommit(kind as AnyRequestKind, decided);
    return kind.reply(decided.after, decided);
  }

  /**
   * What follows the commit: the worker's wake-up, the after-decision hook (started, not awaited: the
   * reply does not wait for it; settled() does) and the client's notice (awaited, never failing).
   */
  private async afterCommit(kind: AnyRequestKind, decided: Decided<unknown>) {
    this.deps.wakeWorker();
    const hook = this.deps.afterDecision;
    if (hook) this.track(hook(kind, decided.after));
    if (decided.notify && kind.notify) await kind.notify(decided.after, this.deps);
  }

  /** Keeps after-commit work until it ends; whatever it throws is caught, so a decision never fails for it. */
  private track(work: Promise<unknown>): void {
    const run = work.catch(() => undefined);
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  /**
   * Resolves once every piece of after-commit work started so far has ended, and what that work
   * started in turn (a test awaits the alert rules a decision ran; shutdown waits on it).
   */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private readonly pending = new Set<Promise<unknown>>();

  /** A list's bulk row: the row's own decision, refused (409) unless the row is still open. */
  decideRow(
    kind: AnyRequestKind,
    id: string,
    action: 'approve' | 'reject',
    reason: string,
    staff: DecisionStaff,
  ) {
    return this.fromStored(kind, id, (row) => kind.bulk[action](row, reason), staff, {
      openOnly: true,
    }) as Promise<{ message?: string }>;
  }

  /**
   * A row's own Approve button (the process calls): the list's approval of the request as stored
   * (its comment and choices kept), with `extra` fields of the kind's input.
   */
  decideStored<Row, In extends DecisionInput, Reply>(
    kind: RequestKind<Row, In, Reply>,
    id: string,
    staff: DecisionStaff,
    extra: Partial<In> = {},
  ): Promise<Reply> {
    return this.fromStored(kind, id, (row) => ({ ...kind.bulk.approve(row, ''), ...extra }), staff, {});
  }

  private async fromStored<Row, In extends DecisionInput, Reply>(
    kind: RequestKind<Row, In, Reply>,
    id: string,
    inputOf: (row: Row) => In,
    staff: DecisionStaff,
    opts: DecideOptions,
  ): Promise<Reply> {
    const [row] = await this.deps.db.select().from(kind.table).where(eq(kind.id, id));
    if (!row) throw new NotFound(kind.notFound);
    // Refused before anything else is read (the platform, for a rejection); checked again under the lock.
    if (opts.openOnly) this.assertOpen(kind, row as Row);
    return this.decide(kind, inputOf(row as Row), staff, opts);
  }

  private assertOpen<Row>(
    kind: Pick<RequestKind<Row, DecisionInput, unknown>, 'status' | 'wire'>,
    row: Row,
  ): void {
    const status = kind.status(row);
    if (!kind.wire.open.includes(status)) throw new Conflict(`This ${kind.wire.label} is already ${status}.`);
  }

  private async lock<Row, In extends DecisionInput>(tx: Tx, kind: RequestKind<Row, In, unknown>, input: In) {
    if (kind.lock) {
      const row = await kind.lock(tx, input);
      if (!row) throw new NotFound(kind.notFound);
      return row;
    }
    const [row] = await tx.select().from(kind.table).where(eq(kind.id, input.id)).for('update');
    if (!row) throw new NotFound(kind.notFound);
    return row as Row;
  }
}

/** An open request as its alerts name it; null once decided (its decision refuses it as it would). */
function flaggedRequest<Row>(
  kind: Pick<RequestKind<Row, DecisionInput, unknown>, 'wire' | 'status' | 'rowId' | 'userId'>,
  row: Row,
): FlaggedRequest | null {
  if (!isOpenRequest(kind.wire, kind.status(row))) return null;
  return { type: kind.wire.name, label: kind.wire.label, id: kind.rowId(row), userId: kind.userId(row) };
}

/** The client log line and the audit row of a decision, in its transaction. */
async function record<Row, In extends DecisionInput>(
  tx: Tx,
  kind: RequestKind<Row, In, unknown>,
  before: Row,
  decided: Decided<Row>,
  staff: DecisionStaff,
  now: number,
): Promise<void> {
  await writeClientLog(tx, {
    userId: kind.userId(before),
    event: decided.event,
    actionedBy: staff.userId,
    customName: staffName(staff),
    now,
  });
  await audit(tx, now, {
    actorId: staff.userId,
    action: `${kind.audit.prefix}.${decided.action}`,
    entity: kind.audit.entity,
    entityId: kind.rowId(before),
    before: kind.audit.wire(before),
    after: { ...(kind.audit.wire(decided.after) as object), ...decided.auditAfter },
    ...(kind.audit.keepsIp ? { ip: staff.ip } : {}),
  });
}
