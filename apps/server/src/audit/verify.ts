import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { AuditProblem, AuditVerifyResult } from '@brokerdesk/contract';
import type { Db } from '../db/client.ts';
import { auditHead, auditLog } from '../db/schema.ts';
import { GENESIS_HASH, chainHash } from './chain.ts';

const PAGE = 1000;

/**
 * Walks the audit chain in id order, a page at a time (flat memory), up to the head as it stood when
 * the walk began (later rows are checked next time). Finds a row whose content changed since it was
 * written (its hash no longer matches), a row missing (deleted) or out of order (the next row does not
 * name the previous row's hash), newest rows missing (the head names a row the walk never reached), and
 * rows written around audit() (no hash).
 */
export async function verifyAuditChain(db: Db): Promise<AuditVerifyResult> {
  const [head] = await db.select().from(auditHead).where(eq(auditHead.id, 1));
  if (!head) {
    const reason = 'The chain has no head row: the migrations have not run.';
    return { ok: false, rows: 0, unchained: 0, headId: 0, headHash: '', problem: 'missing', reason };
  }
  let rows = 0;
  let unchained = 0;
  let expectedPrev = GENESIS_HASH;
  let lastId = head.unchainedThrough;
  const fail = (firstBadId: number, problem: AuditProblem, reason: string): AuditVerifyResult => ({
    ok: false,
    rows,
    unchained,
    headId: head.lastId,
    headHash: head.lastHash,
    firstBadId,
    problem,
    reason,
  });

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
      if (r.hash === null || r.prevHash === null)
        return fail(
          r.id,
          'unchained',
          `Row ${r.id} carries no hash: it was not written through the audit trail.`,
        );
      if (chainHash(r.prevHash, r) !== r.hash)
        return fail(
          r.id,
          'edited',
          `Row ${r.id} does not match its hash: it was changed after it was written.`,
        );
      if (r.prevHash !== expectedPrev) {
        const previous = lastId > head.unchainedThrough ? `row ${lastId}` : 'the start of the chain';
        return brokenLink(db, r.id, expectedPrev, previous, fail);
      }
      expectedPrev = r.hash;
      lastId = r.id;
      rows++;
    }
    if (page.length < PAGE) break;
    cursor = page[page.length - 1]!.id;
  }

  if (lastId !== head.lastId || expectedPrev !== head.lastHash)
    return fail(
      head.lastId,
      'missing',
      `The newest rows are missing: the chain ends at row ${lastId} but its head names row ${head.lastId}.`,
    );
  // A row after the head without a hash was written around audit(), which always moves the head.
  const [stray] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(gt(auditLog.id, head.lastId), isNull(auditLog.hash)))
    .orderBy(asc(auditLog.id))
    .limit(1);
  if (stray)
    return fail(
      stray.id,
      'unchained',
      `Row ${stray.id} carries no hash: it was not written through the audit trail.`,
    );
  return { ok: true, rows, unchained, headId: head.lastId, headHash: head.lastHash };
}

/** The row does not follow the one before it: was the true successor moved elsewhere, or is it gone? */
async function brokenLink(
  db: Db,
  id: number,
  expectedPrev: string,
  previous: string,
  fail: (id: number, problem: AuditProblem, reason: string) => AuditVerifyResult,
): Promise<AuditVerifyResult> {
  const [successor] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.prevHash, expectedPrev))
    .limit(1);
  if (successor)
    return fail(
      id,
      'reordered',
      `Row ${id} is out of order: the row that follows ${previous} in the chain is stored as row ${successor.id}.`,
    );
  return fail(
    id,
    'missing',
    `Row ${id} does not follow ${previous}: a row between them was deleted, or the row before was rewritten.`,
  );
}
