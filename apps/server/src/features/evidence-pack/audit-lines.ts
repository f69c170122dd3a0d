import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ChainedFields } from '../../audit/chain.ts';
import { auditLog } from '../../db/schema.ts';
import { cursorBatchesWith } from '../../lib/cursor-stream.ts';
import { ProofReader } from '../../audit/seals/proofs.ts';
import type { SignedSeal } from '../../audit/seals/statement.ts';
import type { Scope } from './scope.ts';

/** A record as audit.jsonl carries it: every field its chain hash covers, its prev_hash and hash. */
export type PackRecord = ChainedFields & { id: number; prevHash: string | null; hash: string | null };

/** A record's path to the signed root of its day (the `seal` line of that day, earlier in the file). */
export type PackProof = { day: string; index: number; size: number; path: string[] };

/**
 * The lines of audit.jsonl: `{"seal": ...}` for each sealed day, before the first of its records, then
 * `{"record": ..., "proof": ...}` for each record in chain order (proof null while its day is not
 * sealed). The whole file is checked line by line by verify-pack.ts.
 */
export type AuditLine = { seal: SignedSeal } | { record: PackRecord; proof: PackProof | null };

export type AuditTally = { records: number; proven: number; pending: number; days: number };

/** audit.jsonl through a cursor, with each record's proof read in the cursor's transaction. */
export async function* auditLines(db: Db, scope: Scope, tally: AuditTally): AsyncGenerator<string> {
  const proofs = new ProofReader();
  const days = new Set<string>();
  const query = sql`select * from audit_log where id in (${scope.auditIds}) order by id`;
  const batches = cursorBatchesWith(db, auditLog, query, async (tx, rows) => {
    let chunk = '';
    for (const r of rows) {
      const proof = r.hash ? await proofs.proof(tx, r.id) : null;
      if (proof && !days.has(proof.seal.day)) {
        days.add(proof.seal.day);
        chunk += `${JSON.stringify({ seal: proof.seal } satisfies AuditLine)}\n`;
      }
      const record: PackRecord = {
        id: r.id,
        at: r.at,
        actorId: r.actorId,
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        before: r.before ?? null,
        after: r.after ?? null,
        ip: r.ip,
        prevHash: r.prevHash,
        hash: r.hash,
      };
      const line: AuditLine = {
        record,
        proof: proof && { day: proof.seal.day, index: proof.index, size: proof.size, path: proof.path },
      };
      chunk += `${JSON.stringify(line)}\n`;
      tally.records++;
      if (proof) tally.proven++;
      else tally.pending++;
    }
    tally.days = days.size;
    return chunk;
  });
  for await (const batch of batches) yield batch.lookup;
}
