import { and, asc, count, eq, gt, isNull, lte } from 'drizzle-orm';
import {
  AUDIT_PROBLEMS_LISTED,
  type AuditBadRow,
  type AuditProblem,
  type AuditVerifyResult,
} from '@brokerdesk/contract';
import type { Db } from '../db/client.ts';
import { auditHead, auditLog } from '../db/schema.ts';
import { GENESIS_HASH, chainHash } from './chain.ts';

const PAGE = 1000;

/**
 * Walks the audit chain in id order, a page at a time (flat memory), up to the head as it stood when
 * the walk began (later rows are checked next time). Finds a row whose content changed since it was
 * written (its hash no longer matches), a row missing (deleted) or out of order (the next row does not
 * name the previous row's hash), newest rows missing (the head names a row the walk never reached), and
 * rows written around audit() (no hash). It goes on past a bad row, so later tampering is not hidden
 * behind an earlier one: every bad row is counted and the first AUDIT_PROBLEMS_LISTED are listed.
 */
export async function verifyAuditChain(db: Db): Promise<AuditVerifyResult> {
  const [head] = await db.select().from(auditHead).where(eq(auditHead.id, 1));
  if (!head) {
    const reason = 'The chain has no head row: the migrations have not run.';
    const problems: AuditBadRow[] = [{ id: 0, problem: 'missing', reason }];
    return {
      ok: false,
      rows: 0,
      unchained: 0,
      headId: 0,
      headHash: '',
      firstBadId: 0,
      problem: 'missing',
      reason,
      badRows: 1,
      problems,
    };
  }
  let rows = 0;
  let unchained = 0;
  let badRows = 0;
  const problems: AuditBadRow[] = [];
  const report = (id: number, problem: AuditProblem, reason: string) => {
    badRows++;
    if (problems.length < AUDIT_PROBLEMS_LISTED) problems.push({ id, problem, reason });
  };
  const listing = () => problems.length < AUDIT_PROBLEMS_LISTED;
  let expectedPrev = GENESIS_HASH;
  let lastId = head.unchainedThrough;

  for (let cursor = 0; ;) {
    const page = await db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, cursor), lte(auditLog.id, head.lastId)))
      .orderBy(asc(auditLog.id))
      .limit(PAGE);
    for (const r of page) {
      if (r.id <= head.unchainedThrough) {
        unchained++;
        continue;
      }
      if (r.hash === null || r.prevHash === null) {
        // Not part of the chain: the next row should still follow the one before this.
        report(r.id, 'unchained', unchainedReason(r.id));
        continue;
      }
      rows++;
      if (chainHash(r.prevHash, r) !== r.hash) {
        report(r.id, 'edited', `Row ${r.id} does not match its hash: it was changed after it was written.`);
      } else if (r.prevHash !== expectedPrev) {
        const previous = lastId > head.unchainedThrough ? `row ${lastId}` : 'the start of the chain';
        if (listing()) {
          const [problem, reason] = await brokenLink(db, r.id, expectedPrev, previous);
          report(r.id, problem, reason);
        } else report(r.id, 'missing', '');
      }
      // The walk goes on from this row's own hash, which the next row names if nothing else changed.
      expectedPrev = r.hash;
      lastId = r.id;
    }
    if (page.length < PAGE) break;
    cursor = page[page.length - 1]!.id;
  }

  if (lastId !== head.lastId || expectedPrev !== head.lastHash)
    report(
      head.lastId,
      'missing',
      `The newest rows are missing: the chain ends at row ${lastId} but its head names row ${head.lastId}.`,
    );
  // A row after the head without a hash was written around audit(), which always moves the head.
  const strayWhere = and(gt(auditLog.id, head.lastId), isNull(auditLog.hash));
  const [strays] = await db.select({ n: count() }).from(auditLog).where(strayWhere);
  const listed = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(strayWhere)
    .orderBy(asc(auditLog.id))
    .limit(Math.max(0, AUDIT_PROBLEMS_LISTED - problems.length));
  for (const s of listed) report(s.id, 'unchained', unchainedReason(s.id));
  badRows += Math.max(0, (strays?.n ?? 0) - listed.length);

  const first = problems[0];
  return {
    ok: badRows === 0,
    rows,
    unchained,
    headId: head.lastId,
    headHash: head.lastHash,
    ...(first ? { firstBadId: first.id, problem: first.problem, reason: first.reason } : {}),
    badRows,
    problems,
  };
}

const unchainedReason = (id: number) =>
  `Row ${id} carries no hash: it was not written through the audit trail.`;

/** The row does not follow the one before it: was the true successor moved elsewhere, or is it gone? */
async function brokenLink(
  db: Db,
  id: number,
  expectedPrev: string,
  previous: string,
): Promise<[AuditProblem, string]> {
  const [successor] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.prevHash, expectedPrev))
    .limit(1);
  if (successor)
    return [
      'reordered',
      `Row ${id} is out of order: the row that follows ${previous} in the chain is stored as row ${successor.id}.`,
    ];
  return [
    'missing',
    `Row ${id} does not follow ${previous}: a row between them was deleted, or the row before was rewritten.`,
  ];
}
