import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../db/client.ts';
import { auditHead, auditLog } from '../db/schema.ts';
import { asStoredJson, asStoredText, chainHash, type ChainedFields } from './chain.ts';

export type AuditEntry = {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string;
};

/**
 * Who did what, when, with before and after. Write it in the same transaction as the change, as its
 * last write: the row is chained to the one before it under a lock on the chain's head, held until the
 * transaction ends, so auditing transactions commit one after another and the chain never forks.
 * Called outside a transaction, it makes its own.
 */
export async function audit(db: DbOrTx, at: number, e: AuditEntry): Promise<void> {
  if (db instanceof PgTransaction) return append(db as Tx, at, e);
  return db.transaction((tx) => append(tx, at, e));
}

async function append(tx: Tx, at: number, e: AuditEntry): Promise<void> {
  const [head] = await tx.select().from(auditHead).where(eq(auditHead.id, 1)).for('update');
  if (!head) throw new Error('audit_head has no row: the migrations have not run');
  // Exactly what the row will hold (well-formed text), so the hash matches what verify reads back.
  const text = (s: string | null) => (s === null ? null : asStoredText(s));
  const row: ChainedFields = {
    at,
    actorId: text(e.actorId),
    action: asStoredText(e.action),
    entity: asStoredText(e.entity),
    entityId: text(e.entityId ?? null),
    before: asStoredJson(e.before),
    after: asStoredJson(e.after),
    ip: asStoredText(e.ip ?? ''),
  };
  const hash = chainHash(head.lastHash, row);
  const [written] = await tx
    .insert(auditLog)
    .values({ ...row, prevHash: head.lastHash, hash })
    .returning({ id: auditLog.id });
  await tx.update(auditHead).set({ lastId: written!.id, lastHash: hash }).where(eq(auditHead.id, 1));
}
