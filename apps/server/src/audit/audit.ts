import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export type AuditEntry = {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string;
};

/** Who did what, when, with before and after. Write it in the same transaction as the change. */
export async function audit(db: DbOrTx, at: number, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    at,
    actorId: e.actorId,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId ?? null,
    before: e.before ?? null,
    after: e.after ?? null,
    ip: e.ip ?? '',
  });
}
