import { eq, max, sql } from 'drizzle-orm';
import {
  FIRST_AGENT_CODE,
  MAX_QUOTA_TOTAL,
  MESSAGES,
  SLOT_MESSAGES,
  type IbCounters,
} from '@brokerdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { ibCodes, ibQuota, users } from '../../db/schema.ts';
import { Conflict, Invalid } from '../../http/errors.ts';

const NO_QUOTA: IbCounters = { availableIbCodes: 0, totalIbCodes: 0, availableSubcodes: 0, totalSubcodes: 0 };

/** The introducer quotas (the one row of ib_quota); all zero until slots are added (adminAddIbSlots). */
export async function readQuota(db: DbOrTx): Promise<IbCounters> {
  const [row] = await db.select().from(ibQuota).where(eq(ibQuota.id, 1));
  return row ? pick(row) : NO_QUOTA;
}

/**
 * Locks the quota row for the rest of the transaction. Every call that spends a slot or hands out an
 * agent code takes this lock first, so two staff members can neither overspend nor pick one code twice.
 */
export async function lockQuota(tx: Tx): Promise<IbCounters> {
  const [row] = await tx.select().from(ibQuota).where(eq(ibQuota.id, 1)).for('update');
  return row ? pick(row) : NO_QUOTA;
}

/**
 * Spends one introducer slot (docs/product.md [msg.no-introducer-slots]: the "no Introducer slots" message
 * when none is left).
 */
export async function spendIbCode(tx: Tx, quota: IbCounters): Promise<void> {
  if (quota.availableIbCodes < 1) throw new Conflict(MESSAGES.noIntroducerSlots);
  await tx
    .update(ibQuota)
    .set({ availableIbCodes: sql`${ibQuota.availableIbCodes} - 1` })
    .where(eq(ibQuota.id, 1));
}

export async function spendSubcodes(tx: Tx, n: number): Promise<void> {
  await tx
    .update(ibQuota)
    .set({ availableSubcodes: sql`${ibQuota.availableSubcodes} - ${n}` })
    .where(eq(ibQuota.id, 1));
}

/**
 * Adds slots: available and total grow together. Call it with the quota row locked (see lockQuota);
 * the row is made on the first call.
 */
export async function addSlots(tx: Tx, before: IbCounters, add: { ibCodes: number; subcodes: number }) {
  const after: IbCounters = {
    availableIbCodes: before.availableIbCodes + add.ibCodes,
    totalIbCodes: before.totalIbCodes + add.ibCodes,
    availableSubcodes: before.availableSubcodes + add.subcodes,
    totalSubcodes: before.totalSubcodes + add.subcodes,
  };
  if (after.totalIbCodes > MAX_QUOTA_TOTAL || after.totalSubcodes > MAX_QUOTA_TOTAL)
    throw new Invalid({ [add.ibCodes > 0 ? 'ibCodes' : 'subcodes']: SLOT_MESSAGES.tooMany });
  await tx
    .insert(ibQuota)
    .values({ id: 1, ...after })
    .onConflictDoUpdate({ target: ibQuota.id, set: after });
  return after;
}

/**
 * The next free agent code: one above the highest in use by an introducer or carried by any user, and
 * never below FIRST_AGENT_CODE. Call it with the quota row locked (see lockQuota).
 */
export async function nextAgentCode(tx: Tx): Promise<number> {
  const [ib] = await tx.select({ top: max(ibCodes.agentCode) }).from(ibCodes);
  const [user] = await tx.select({ top: max(users.agentCode) }).from(users);
  return Math.max((ib?.top ?? 0) + 1, (user?.top ?? 0) + 1, FIRST_AGENT_CODE);
}

function pick(row: typeof ibQuota.$inferSelect): IbCounters {
  return {
    availableIbCodes: row.availableIbCodes,
    totalIbCodes: row.totalIbCodes,
    availableSubcodes: row.availableSubcodes,
    totalSubcodes: row.totalSubcodes,
  };
}
