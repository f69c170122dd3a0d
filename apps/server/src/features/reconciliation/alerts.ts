import { and, count, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import {
  RECONCILIATION_ACTIONS,
  RECONCILIATION_ALERTS_CAP,
  type FundingRequestType,
  type ReconciliationAlert,
} from '@brokerdesk/contract';
import type { Db, Tx } from '../../db/client.ts';
import { reconciliationAlerts as alerts, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';

/**
 * Critical mismatches: one operation key on the platform more than once for one account, i.e. money
 * moved twice for one approval. Each is kept as an alert (one per account and key, across reports),
 * pushed to every console by the table's NOTIFY trigger (the sidebar badge counts open ones), and
 * mailed to every active SYSOP the first time it is found and again if more deals turn up under it.
 */

/** One key found more than once on one account by a run, or a deal for a request not done. */
export type Duplicate = {
  kind: 'duplicate_deal' | 'unapproved_deal';
  login: number;
  comment: string;
  dealIds: string[];
  requestType: FundingRequestType | null;
  requestId: string | null;
};

type AlertRow = typeof alerts.$inferSelect;
type Log = { warn: (o: object, m: string) => void };

/**
 * Records a run's duplicates in its finishing transaction. Answers the alerts that are news: new ones,
 * and known ones with more deals than before (opened again). The insert and the growth check are each
 * one statement, so two runs finding the same duplicate at once raise it once.
 */
export async function recordAlerts(
  tx: Tx,
  found: Duplicate[],
  reportId: string,
  now: number,
): Promise<AlertRow[]> {
  const raised: AlertRow[] = [];
  for (const d of found) {
    const dealCount = d.dealIds.length;
    const [inserted] = await tx
      .insert(alerts)
      .values({ id: newId(now), ...d, dealCount, reportId, foundAt: now, lastSeenAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      raised.push(inserted);
      continue;
    }
    const same = and(eq(alerts.login, d.login), eq(alerts.comment, d.comment));
    const [grown] = await tx
      .update(alerts)
      .set({
        kind: d.kind,
        dealCount,
        dealIds: d.dealIds,
        reportId,
        foundAt: now,
        lastSeenAt: now,
        acknowledgedAt: null,
        acknowledgedBy: null,
      })
      .where(and(same, lt(alerts.dealCount, dealCount)))
      .returning();
    if (grown) raised.push(grown);
    else await tx.update(alerts).set({ lastSeenAt: now }).where(same);
  }
  return raised;
}

/**
 * Mails every active SYSOP about alerts just raised. After the commit, and never throws: the report is
 * kept and the console shows the alert whatever happens to the mail; a failure is logged.
 */
export async function mailSysops(
  deps: { db: Db; mailer: Mailer; publicUrl: string; log: Log },
  raised: AlertRow[],
): Promise<void> {
  if (raised.length === 0) return;
  try {
    const sysops = await deps.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'SYSOP'), ne(users.status, 'disabled')));
    const request = (a: AlertRow) => (a.requestType ? ` (${a.requestType} ${a.requestId})` : '');
    const lines = raised.map((a) =>
      a.kind === 'unapproved_deal'
        ? `- account ${a.login}: deal ${a.dealIds.join(', ')} carries the operation key "${a.comment}"` +
          `${request(a)}, a request the console does not count as done (a restore from backup?)`
        : `- account ${a.login}: ${a.dealCount} deals carry the operation key "${a.comment}"` +
          `${request(a)}; deals ${a.dealIds.join(', ')}`,
    );
    const subject = `CRITICAL: money moved on the trading platform that the console does not account for (${raised.length} ${raised.length === 1 ? 'operation' : 'operations'})`;
    const text =
      'Reconciliation found money moved on the trading platform that the console does not account for: ' +
      'operations applied more than once, or deals for requests the console does not count as done:\n\n' +
      `${lines.join('\n')}\n\n` +
      'Check the accounts and correct the balances on the platform, then acknowledge the alert:\n' +
      `${deps.publicUrl}/reconciliation?report=${raised[0]!.reportId}\n`;
    for (const s of sysops) {
      try {
        await deps.mailer.send({ to: s.email, subject, text });
      } catch (err) {
        deps.log.warn({ err, to: s.email }, 'critical reconciliation mail could not be sent');
      }
    }
  } catch (err) {
    deps.log.warn({ err }, 'critical reconciliation mail could not be sent');
  }
}

/** The open alerts (the page's panel) and acknowledging one (audited). */
export class ReconciliationAlerts {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async open(): Promise<{ open: number; alerts: ReconciliationAlert[] }> {
    const rows = await this.db
      .select()
      .from(alerts)
      .where(isNull(alerts.acknowledgedAt))
      .orderBy(desc(alerts.foundAt), desc(alerts.id))
      .limit(RECONCILIATION_ALERTS_CAP);
    const [total] = await this.db.select({ n: count() }).from(alerts).where(isNull(alerts.acknowledgedAt));
    return { open: total?.n ?? 0, alerts: rows.map(toWireAlert) };
  }

  async acknowledge(id: string, staff: { userId: string; ip: string }): Promise<ReconciliationAlert> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(alerts).where(eq(alerts.id, id)).for('update');
      if (!before) throw new NotFound('No such alert.');
      if (before.acknowledgedAt !== null) throw new Conflict('This alert is already acknowledged.');
      const [after] = await tx
        .update(alerts)
        .set({ acknowledgedAt: now, acknowledgedBy: staff.userId })
        .where(eq(alerts.id, id))
        .returning();
      await audit(tx, now, {
        actorId: staff.userId,
        action: RECONCILIATION_ACTIONS.alertAcknowledged,
        entity: 'reconciliation_alert',
        entityId: id,
        before: toWireAlert(before),
        after: toWireAlert(after!),
        ip: staff.ip,
      });
      return toWireAlert(after!);
    });
  }
}

export function toWireAlert(a: AlertRow): ReconciliationAlert {
  const { id, requestType, kind, ...rest } = a;
  return {
    ...rest,
    _id: id,
    kind: kind === 'unapproved_deal' ? 'unapproved_deal' : 'duplicate_deal',
    requestType: requestType as FundingRequestType | null,
  };
}
