import { and, asc, gt, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, auditSeal } from '../../db/schema.ts';
import { MerkleLevels } from './merkle.ts';
import { asSigned, type InclusionProof } from './service.ts';

type SealRow = typeof auditSeal.$inferSelect;
type DayTree = { seal: SealRow; ids: Int32Array; chain: Buffer; levels: MerkleLevels };

/** Rows of a day read per query while its tree is built: flat memory however long the day. */
const PAGE = 20_000;

/**
 * Inclusion proofs for many records read in chain order (an evidence pack's audit records): the seals
 * are read once, and each sealed day's tree is built once when its first record is asked for and kept
 * until a record of a later day is, so a pack of thousands of records costs one walk of each day they
 * fall in, not one per record. Every query goes through the handle given (inside a cursor's
 * transaction on the embedded database, which has one session).
 */
export class ProofReader {
  private seals: SealRow[] | undefined;
  private tree: DayTree | undefined;

  /** The record's path to its day's signed root, or null while its day is not sealed. */
  async proof(db: DbOrTx, recordId: number): Promise<InclusionProof | null> {
    this.seals ??= await db.select().from(auditSeal).orderBy(asc(auditSeal.firstSeq));
    const seal = findSeal(this.seals, recordId);
    if (!seal) return null;
    if (this.tree?.seal.day !== seal.day) this.tree = await buildTree(db, seal);
    const { ids, chain, levels } = this.tree;
    const index = binarySearch(ids, recordId);
    if (index < 0) return null;
    return {
      recordId,
      chainHash: chain.subarray(index * 32, index * 32 + 32).toString('hex'),
      index,
      size: ids.length,
      path: levels.path(index),
      seal: asSigned(seal),
    };
  }
}

function findSeal(seals: SealRow[], id: number): SealRow | undefined {
  let lo = 0;
  let hi = seals.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = seals[mid]!;
    if (id < s.firstSeq) hi = mid - 1;
    else if (id > s.lastSeq) lo = mid + 1;
    else return s.count > 0 ? s : undefined;
  }
  return undefined;
}

function binarySearch(ids: Int32Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else if (ids[mid]! > id) hi = mid - 1;
    else return mid;
  }
  return -1;
}

async function buildTree(db: DbOrTx, seal: SealRow): Promise<DayTree> {
  const ids = new Int32Array(seal.count);
  const chain = Buffer.alloc(seal.count * 32);
  let n = 0;
  for (let cursor = seal.firstSeq - 1; ;) {
    const page = await db
      .select({ id: auditLog.id, hash: auditLog.hash })
      .from(auditLog)
      .where(and(gt(auditLog.id, cursor), lte(auditLog.id, seal.lastSeq), isNotNull(auditLog.hash)))
      .orderBy(asc(auditLog.id))
      .limit(PAGE);
    for (const r of page) {
      // A database holding more records than its seal counts no longer gives the sealed root: the
      // proofs are still written from what it holds, and verifying the pack says so.
      if (n >= seal.count) break;
      ids[n] = r.id;
      Buffer.from(r.hash!, 'hex').copy(chain, n * 32);
      n++;
    }
    if (page.length < PAGE) break;
    cursor = page[page.length - 1]!.id;
  }
  const held = chain.subarray(0, n * 32);
  return { seal, ids: ids.subarray(0, n), chain: held, levels: new MerkleLevels(held) };
}
