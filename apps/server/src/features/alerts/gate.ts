import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ALERT_GATE_MESSAGES,
  type AlertFlag,
  type RequestAlert,
  type RequestAlertsResponse,
} from '@brokerdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { alerts, users } from '../../db/schema.ts';
import { audit } from '../../audit/audit.ts';
import type { StaffContext } from '../../auth/sessions.ts';
import { Conflict, Invalid } from '../../http/errors.ts';

/**
 * Alerts on the request they are about (docs/product.md [alerts.on-approval]): the flags of a list's
 * rows, the filter to flagged rows, and what an approval must do about a request's alerts. A request is
 * flagged while it has an alert still open or one confirmed as suspicious. Every query here names the
 * statuses literally, so the partial index alerts_flagged_request_idx (migration 0028) serves it.
 */
const FLAGGING = sql.raw(`('open', 'confirmed')`);
type AlertRow = typeof alerts.$inferSelect;

/** A list's filter: the request (its type, its id column) has an open or confirmed alert. */
export function flaggedCondition(type: string, id: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${alerts} where ${alerts.requestType} = ${type} and ${alerts.requestId} = ${id} and ${alerts.status} in ${FLAGGING})`;
}

/** The flags of a page's rows: open and confirmed alerts per request id; rows without any are left out. */
export async function alertFlagsOf(
  db: DbOrTx,
  type: string,
  ids: readonly string[],
): Promise<Record<string, AlertFlag>> {
  if (ids.length === 0) return {};
  const rows = await db
    .select({ id: alerts.requestId, status: alerts.status, n: sql<number>`count(*)::int` })
    .from(alerts)
    .where(
      and(
        eq(alerts.requestType, type),
        inArray(alerts.requestId, [...ids]),
        sql`${alerts.status} in ${FLAGGING}`,
      ),
    )
    .groupBy(alerts.requestId, alerts.status);
  const flags: Record<string, AlertFlag> = {};
  for (const r of rows) {
    const flag = (flags[r.id!] ??= { open: 0, confirmed: 0 });
    if (r.status === 'open') flag.open = r.n;
    else flag.confirmed = r.n;
  }
  return flags;
}

/** What an approval says about the request's alerts (the decision's alertNote and alertOverride). */
export type AlertChoice = { alertNote?: string; alertOverride?: boolean };
/** The request an approval is about, as the engine knows it. */
export type FlaggedRequest = { type: string; label: string; id: string; userId: string };

/** The alerts an approval settles once the kind's decision has gone through. */
export type AlertSettlement = { open: AlertRow[]; confirmed: AlertRow[]; note: string };

/**
 * Checks an approval against the request's alerts, read and locked under the request's lock (so an alert
 * resolved or confirmed meanwhile on /alerts is seen): open alerts need a note, which will resolve them
 * as cleared whoever holds them; a confirmed alert leaves Reject only, unless a SYSOP overrides it with
 * a note. Refuses (400 or 409) before anything is written; null when the request has no such alert.
 */
export async function checkApprovalAlerts(
  tx: Tx,
  request: FlaggedRequest,
  choice: AlertChoice,
  staff: StaffContext,
): Promise<AlertSettlement | null> {
  const rows = await tx
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.requestType, request.type),
        eq(alerts.requestId, request.id),
        sql`${alerts.status} in ${FLAGGING}`,
      ),
    )
    .orderBy(asc(alerts.id))
    .for('update');
  if (rows.length === 0) return null;
  const open = rows.filter((a) => a.status === 'open');
  const confirmed = rows.filter((a) => a.status === 'confirmed');
  const note = choice.alertNote?.trim() ?? '';
  if (confirmed.length > 0) {
    if (!choice.alertOverride) throw new Conflict(ALERT_GATE_MESSAGES.confirmed(request.label));
    if (staff.role !== 'SYSOP') throw new Conflict(ALERT_GATE_MESSAGES.overrideSysopOnly);
    if (!note) throw new Invalid({ alertNote: ALERT_GATE_MESSAGES.overrideNoteRequired });
  }
  if (open.length > 0 && !note)
    throw new Invalid({ alertNote: ALERT_GATE_MESSAGES.noteRequired(request.label, open.length) });
  return { open, confirmed, note };
}

/**
 * After the approval, in its transaction: the open alerts resolved as cleared with the approver's note
 * (the holder keeps the alert and sees who resolved it and why), each override of a confirmed alert
 * recorded. Every one is an audit row that names the client, so it is on their timeline too.
 */
export async function settleApprovalAlerts(
  tx: Tx,
  s: AlertSettlement,
  request: FlaggedRequest,
  staff: StaffContext,
  now: number,
): Promise<void> {
  if (s.open.length > 0) {
    await tx
      .update(alerts)
      .set({ status: 'cleared', note: s.note, resolvedBy: staff.userId, resolvedAt: now })
      .where(
        inArray(
          alerts.id,
          s.open.map((a) => a.id),
        ),
      );
  }
  const about = { userId: request.userId, requestType: request.type, requestId: request.id };
  const record = (a: AlertRow, action: string, before: object, after: object) =>
    audit(tx, now, {
      actorId: staff.userId,
      action,
      entity: 'alert',
      entityId: a.id,
      before,
      after: { ...after, rule: a.rule, ...about },
    });
  for (const a of s.open)
    await record(
      a,
      'alert.cleared',
      { status: a.status, assignedTo: a.assignedTo },
      { status: 'cleared', note: s.note, resolvedOn: 'approval' },
    );
  for (const a of s.confirmed)
    await record(a, 'alert.override', { status: a.status, note: a.note }, { status: a.status, note: s.note });
}

/** The alerts of one request for its update modal: open first, then confirmed, then cleared; newest first. */
export async function requestAlerts(
  db: DbOrTx,
  type: string,
  id: string,
  now: number,
): Promise<RequestAlertsResponse> {
  const holder = alias(users, 'holder');
  const resolver = alias(users, 'resolver');
  const nameOf = (u: { name: AnyPgColumn; surname: AnyPgColumn }) =>
    sql<string | null>`trim(concat_ws(' ', ${u.name}, ${u.surname}))`;
  const rows = await db
    .select({
      alert: alerts,
      clientName: nameOf(users),
      assignedToName: nameOf(holder),
      resolvedByName: nameOf(resolver),
    })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .leftJoin(holder, eq(holder.id, alerts.assignedTo))
    .leftJoin(resolver, eq(resolver.id, alerts.resolvedBy))
    .where(and(eq(alerts.requestType, type), eq(alerts.requestId, id)))
    .orderBy(
      sql`case ${alerts.status} when 'open' then 0 when 'confirmed' then 1 else 2 end`,
      desc(alerts.createdAt),
      desc(alerts.id),
    );
  return {
    alerts: rows.map(({ alert: a, clientName, assignedToName, resolvedByName }): RequestAlert => {
      const { summary, ...facts } = a.facts as Record<string, unknown>;
      return {
        id: a.id,
        userId: a.userId,
        clientName: clientName ?? '',
        requestType: a.requestType as RequestAlert['requestType'],
        requestId: a.requestId,
        rule: a.rule as RequestAlert['rule'],
        summary: typeof summary === 'string' ? summary : '',
        facts,
        status: a.status as RequestAlert['status'],
        assignedTo: a.assignedTo,
        assignedToName: a.assignedTo ? assignedToName : null,
        note: a.note,
        resolvedBy: a.resolvedBy,
        resolvedByName: a.resolvedBy ? resolvedByName : null,
        resolvedAt: a.resolvedAt,
        createdAt: a.createdAt,
        ageSeconds: Math.max(0, now - a.createdAt),
      };
    }),
  };
}
