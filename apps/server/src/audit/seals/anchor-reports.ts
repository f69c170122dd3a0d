import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CallReply, calls } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { auditAnchorReports, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { audit } from '../audit.ts';
import { checkAnchor, parseAnchor } from './service.ts';

type Report = CallReply<typeof calls.audit.acknowledgeAnchorReport>;
type Staff = { userId: string; ip: string };

/** The audit actions of anchors (entity 'audit_anchor'): a check, and a SYSOP's acknowledgement. */
export const ANCHOR_ACTIONS = {
  checked: 'audit.anchor-checked',
  acknowledged: 'audit.anchor-acknowledged',
} as const;

/**
 * Mailed anchors held against the database from the Audit Trail screen (docs/product.md
 * [audit.anchor-behind]). A database behind an anchor (a restore from an older backup) is recorded as a
 * report, one per anchor, that stays open until a SYSOP acknowledges it with a note; every check and
 * every acknowledgement is itself an audit record.
 */
export class AnchorReports {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async check(staff: Staff, text: string): Promise<CallReply<typeof calls.audit.checkAuditAnchor>> {
    let anchor;
    try {
      anchor = parseAnchor(text);
    } catch (err) {
      throw new Invalid({ anchor: `Not a mailed audit anchor: ${(err as Error).message}.` });
    }
    const result = await checkAnchor(this.db, anchor);
    const now = this.clock.now();
    let reportId: string | null = null;
    await this.db.transaction(async (tx) => {
      if (result.status === 'behind') {
        await tx
          .insert(auditAnchorReports)
          .values({
            id: newId(now),
            day: anchor.day,
            keyId: anchor.keyId,
            signature: anchor.signature,
            reason: result.reason,
            headId: result.headId ?? 0,
            anchorLastSeq: result.anchorLastSeq ?? anchor.lastSeq,
            reportedAt: now,
            reportedBy: staff.userId,
          })
          .onConflictDoNothing();
        const [row] = await tx
          .select({ id: auditAnchorReports.id })
          .from(auditAnchorReports)
          .where(
            and(eq(auditAnchorReports.day, anchor.day), eq(auditAnchorReports.signature, anchor.signature)),
          );
        reportId = row?.id ?? null;
      }
      await audit(tx, now, {
        actorId: staff.userId,
        action: ANCHOR_ACTIONS.checked,
        entity: 'audit_anchor',
        entityId: anchor.day,
        after: {
          status: result.status,
          day: anchor.day,
          keyId: anchor.keyId,
          root: anchor.root,
          reportId,
          reason: result.reason,
        },
        ip: staff.ip,
      });
    });
    const report = reportId ? ((await this.reports(eq(auditAnchorReports.id, reportId)))[0] ?? null) : null;
    return { status: result.status, day: result.day, reason: result.reason, report };
  }

  /** Every report, open ones first, newest first. */
  async list(): Promise<Report[]> {
    return this.reports(undefined);
  }

  async acknowledge(staff: Staff, id: string, note: string): Promise<Report> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(auditAnchorReports)
        .set({ acknowledgedAt: now, acknowledgedBy: staff.userId, note })
        .where(and(eq(auditAnchorReports.id, id), isNull(auditAnchorReports.acknowledgedAt)))
        .returning();
      if (!done) {
        const [exists] = await tx
          .select({ id: auditAnchorReports.id })
          .from(auditAnchorReports)
          .where(eq(auditAnchorReports.id, id));
        if (!exists) throw new NotFound('No such report.');
        throw new Conflict('This report is already acknowledged.');
      }
      await audit(tx, now, {
        actorId: staff.userId,
        action: ANCHOR_ACTIONS.acknowledged,
        entity: 'audit_anchor',
        entityId: done.day,
        after: { reportId: id, day: done.day, headId: done.headId, anchorLastSeq: done.anchorLastSeq, note },
        ip: staff.ip,
      });
    });
    return (await this.reports(eq(auditAnchorReports.id, id)))[0]!;
  }

  private async reports(where: ReturnType<typeof eq> | undefined): Promise<Report[]> {
    const rows = await this.db
      .select()
      .from(auditAnchorReports)
      .where(where)
      .orderBy(sql`${auditAnchorReports.acknowledgedAt} is not null`, desc(auditAnchorReports.reportedAt))
      .limit(200);
    const ids = [
      ...new Set(rows.flatMap((r) => [r.reportedBy, r.acknowledgedBy]).filter((x): x is string => !!x)),
    ];
    const names = new Map(
      ids.length === 0
        ? []
        : (
            await this.db
              .select({ id: users.id, name: users.name, surname: users.surname })
              .from(users)
              .where(inArray(users.id, ids))
          ).map((u) => [u.id, `${u.name} ${u.surname}`.trim()]),
    );
    return rows.map((r) => ({
      _id: r.id,
      day: r.day,
      keyId: r.keyId,
      reason: r.reason,
      headId: r.headId,
      anchorLastSeq: r.anchorLastSeq,
      reportedAt: r.reportedAt,
      reportedBy: r.reportedBy,
      reportedByName: r.reportedBy ? (names.get(r.reportedBy) ?? null) : null,
      acknowledgedAt: r.acknowledgedAt,
      acknowledgedBy: r.acknowledgedBy,
      acknowledgedByName: r.acknowledgedBy ? (names.get(r.acknowledgedBy) ?? null) : null,
      note: r.note,
    }));
  }
}
